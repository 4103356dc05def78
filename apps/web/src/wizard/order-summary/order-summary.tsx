import type { Plan } from '@fibre/domain/api';
import { parseCost } from '@fibre/domain/catalogue';
import { cardFeeLabel, cardFeeRule, orderSummary } from '@fibre/domain/pricing';
import { useCardScheme } from './card-scheme.ts';
import { stateTimeZone } from '@fibre/domain/scheduling';
import { CONTRACT_TERM, formatDollars } from '@fibre/domain/shared';
import { useOrder } from '../catalogue/use-order.ts';
import { useConfig } from '../../shared/config/config-context.tsx';
import { useWizard } from '../store/store-context.tsx';
import { minimumCostParts, minimumTotalCostText } from './minimum-total-cost.ts';
import { OtherCharges } from '../../shared/order-summary/other-charges.tsx';
import { SummaryTotals } from './summary-totals.tsx';
import './order-summary.css';

const money = (amount: number) => `$${formatDollars(amount)}`;

/** The plan, the router (or that none is chosen yet) and the add-ons, each with its amount. */
function OrderLines({
  plan,
  summary,
}: {
  plan: Plan;
  summary: ReturnType<typeof orderSummary> | null;
}) {
  return (
    <dl className="summary__lines">
      <div className="summary__line">
        <dt>
          {plan.name}
          <span className="summary__sub">{plan.speed} Mbps plan</span>
        </dt>
        <dd>
          {money(summary?.plan.amount ?? parseCost(plan.cost))}
          <span className="summary__sub">per month</span>
        </dd>
      </div>
      {summary ? (
        <div className="summary__line">
          <dt>
            {summary.router.name}
            <span className="summary__sub">Router</span>
          </dt>
          <dd>
            {money(summary.router.amount)}
            {summary.router.period && <span className="summary__sub">{summary.router.period}</span>}
          </dd>
        </div>
      ) : (
        <div className="summary__line summary__line--pending">
          <dt>Router</dt>
          <dd>Not chosen yet</dd>
        </div>
      )}
      {summary?.addOns.map((line) => (
        <div className="summary__line" key={line.code}>
          <dt>{line.label}</dt>
          <dd>
            {money(line.amount)}
            <span className="summary__sub">{line.recurring ? 'per month' : 'one-off'}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The order summary beside steps 2 to 4 and 6. The plan and router are read from the catalogue's
 * query (useOrder), so after a reload it shows again once the catalogue is fetched. Every amount
 * comes from the domain's orderSummary; the component only lays the lines out. The other charges
 * a visitor may meet after the sale (the catalogue's) show wherever the summary does, from the
 * plan step on, beside 'no lock-in' (docs/rules/documents-and-consent.md); the payment step adds
 * the minimum total cost (what the visitor is about to agree to at least pay).
 * A card surcharge of 0% shows no card fee line.
 */
export function OrderSummary({
  minimumTotal = false,
  noCardFee = false,
}: {
  minimumTotal?: boolean;
  /** Paid by direct debit: no card surcharge (docs/rules/plans-and-pricing.md). */
  noCardFee?: boolean;
}) {
  const { site, domain } = useConfig();
  // The card being typed, once its number tells the scheme; none by direct debit.
  const typed = useCardScheme();
  const cardScheme = noCardFee ? null : typed;
  const state = useWizard();
  const { plan, router, offer } = useOrder();
  const address = state.address.value;
  const timeZone = stateTimeZone(address?.state ?? '');
  // Once a window is held its day is the activation day, so the first payment has a date.
  const held = state.reservations.reservation ? state.reservations.slot : null;

  if (!plan) {
    return (
      <section className="card summary" aria-labelledby="summary-title">
        <h2 id="summary-title" className="summary__title">
          Your order
        </h2>
        <p className="summary__empty">Choose a plan to see your order.</p>
      </section>
    );
  }

  const rule = cardFeeRule(cardScheme, domain);
  const feeLabel = rule ? cardFeeLabel(rule) : null;
  const summary = router
    ? orderSummary(
        {
          plan,
          router,
          addOns: state.signup.addOns,
          greenfield: address?.greenfield ?? false,
          discount: offer.discount,
          couponCode: offer.couponCode,
          activationDate: held?.start ?? null,
          timeZone,
          cardScheme,
        },
        domain,
      )
    : null;

  return (
    <section className="card summary" aria-labelledby="summary-title">
      <h2 id="summary-title" className="summary__title">
        Your order
      </h2>
      {address && <p className="summary__address">{address.formatted_address}</p>}
      <OrderLines plan={plan} summary={summary} />
      {offer.discount && (
        <div className="summary__offer">
          <p className="summary__offer-title">
            {offer.title}: {summary?.discount?.inWords ?? offer.discount.in_words}
          </p>
          <p className="summary__offer-terms">{offer.discount.terms}</p>
        </div>
      )}
      {summary ? (
        <SummaryTotals summary={summary} feeLabel={feeLabel} timeZone={timeZone} />
      ) : (
        <p className="summary__empty">Choose a router to see your totals.</p>
      )}
      {summary && minimumTotal && (
        <p className="summary__minimum">
          {minimumTotalCostText(summary.minimumTotalCost, minimumCostParts(summary))}
        </p>
      )}
      {site.legal.otherCharges.length > 0 && <OtherCharges charges={site.legal.otherCharges} />}
      <p className="summary__terms">Contract term {CONTRACT_TERM}, no lock-in. Unlimited data.</p>
    </section>
  );
}
