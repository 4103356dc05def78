import { addressWithUnit } from '@fibre/domain/address';
import { agreedDirectDebit } from '@fibre/domain/contact';
import { cardFeeLabel, cardFeeRule, orderSummary } from '@fibre/domain/pricing';
import { useCardScheme } from '../../order-summary/card-scheme.ts';
import { arrivalWindowText, dateLabel, stateTimeZone } from '@fibre/domain/scheduling';
import { formatDollars } from '@fibre/domain/shared';
import { useOrder } from '../../catalogue/use-order.ts';
import { useConfig } from '../../../shared/config/config-context.tsx';
import { useWizard } from '../../store/store-context.tsx';
import { ChargeLines } from './charge-lines.tsx';
import { text } from './text.ts';

const money = (amount: number) => `$${formatDollars(amount)}`;

/**
 * What was ordered and when the installer comes; with `totals`, the browser's own sums too (when no
 * placed answer says what the order stored). The booked window is shown in the zone of the
 * address's state with the domain's labels, never in the browser's own zone.
 */
export function OrderDetails({ totals = true }: { totals?: boolean }) {
  const { domain } = useConfig();
  const state = useWizard();
  const address = state.address.value;
  const { plan, router, offer } = useOrder();
  const slot = state.reservations.slot;
  // The card typed on Payment (none by direct debit): its fee is in each amount.
  const typed = useCardScheme();
  const cardScheme = agreedDirectDebit(state.signup.acceptances) ? null : typed;
  const feeRule = cardFeeRule(cardScheme, domain);
  if (!address || !plan || !router) return null;
  const timeZone = stateTimeZone(address.state);
  const summary = orderSummary(
    {
      plan,
      router,
      addOns: state.signup.addOns,
      greenfield: address.greenfield,
      discount: offer.discount,
      couponCode: offer.couponCode,
      activationDate: slot?.start ?? null,
      timeZone,
      cardScheme,
    },
    domain,
  );

  return (
    <div className="order-details">
      {slot && (
        <section
          className="card step-section order-details__install"
          aria-labelledby="booked-title"
        >
          <h2 id="booked-title" className="section-title">
            {text.installationTitle}
          </h2>
          <p className="order-details__date">{dateLabel(slot.start, timeZone)}</p>
          <p className="order-details__window">
            {arrivalWindowText(slot.start, slot.end, timeZone)}
          </p>
          <p className="order-details__address">
            {addressWithUnit(address.formatted_address, address.unit)}
          </p>
          <p className="order-details__note">{text.note}</p>
        </section>
      )}
      <section className="card step-section" aria-labelledby="ordered-title">
        <h2 id="ordered-title" className="section-title">
          {text.orderTitle}
        </h2>
        <dl className="order-details__lines">
          <div className="order-details__line">
            <dt>
              {summary.plan.name}
              <span className="order-details__sub">{text.plan(summary.plan.speed)}</span>
            </dt>
            <dd>
              {money(summary.plan.amount)}
              <span className="order-details__sub">{text.perMonth}</span>
            </dd>
          </div>
          <div className="order-details__line">
            <dt>
              {summary.router.name}
              <span className="order-details__sub">{text.router}</span>
            </dt>
            <dd>
              {money(summary.router.amount)}
              {summary.router.period && (
                <span className="order-details__sub">{summary.router.period}</span>
              )}
            </dd>
          </div>
          {summary.addOns.map((line) => (
            <div className="order-details__line" key={line.code}>
              <dt>{line.label}</dt>
              <dd>
                {money(line.amount)}
                <span className="order-details__sub">
                  {line.recurring ? text.perMonth : text.oneOff}
                </span>
              </dd>
            </div>
          ))}
          {summary.discount && (
            <div className="order-details__line order-details__line--offer">
              <dt>{offer.title}</dt>
              <dd>{summary.discount.inWords}</dd>
            </div>
          )}
          {totals && (
            <ChargeLines
              monthly={money(summary.monthlyWithFee)}
              firstPayment={money(summary.firstPaymentWithFee)}
              firstPaymentDay={
                summary.firstPaymentDate ? dateLabel(summary.firstPaymentDate, timeZone) : null
              }
              cardFee={
                feeRule && summary.firstPaymentFee + summary.monthlyFee > 0
                  ? {
                      label: cardFeeLabel(feeRule),
                      monthly: money(summary.monthlyFee),
                      firstPayment: money(summary.firstPaymentFee),
                    }
                  : null
              }
            />
          )}
        </dl>
      </section>
    </div>
  );
}
