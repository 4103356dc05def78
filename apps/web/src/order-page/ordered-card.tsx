import type { OrderPageAnswer } from '@fibre/domain/api';
import { firstPaymentDate, moneyWords, storedCharges } from '@fibre/domain/pricing';
import { formatDay } from '@fibre/domain/scheduling';
import { formatCents } from '@fibre/domain/shared';
import { useConfig } from '../shared/config/config-context.tsx';
import { text } from './text.ts';

/**
 * The domain's money words (docs/rules/plans-and-pricing.md), as the wizard and mail: each amount
 * with the card's fee, what is charged.
 */
function Charges({ order }: { order: OrderPageAnswer }) {
  const { domain } = useConfig();
  const charges = storedCharges(domain, {
    ...order.prices,
    activation_cents: order.prices.one_off_cents,
  });
  return (
    <>
      <div className="order-page__price">
        <dt>{moneyWords.monthlyCharge}</dt>
        <dd>
          {formatCents(charges.monthlyWithFeeCents)} {moneyWords.perMonth}
          {charges.feeLabel && (
            <span className="order-page__when">
              {' '}
              {moneyWords.includesCardFee(formatCents(charges.monthlyFeeCents), charges.feeLabel)}
            </span>
          )}
        </dd>
      </div>
      <div className="order-page__price">
        <dt>{moneyWords.firstPayment}</dt>
        <dd>
          {formatCents(charges.firstPaymentWithFeeCents)}{' '}
          <span className="order-page__when">
            {moneyWords.firstPaymentWhen(
              formatDay(
                firstPaymentDate(order.window.start, order.window.time_zone),
                order.window.time_zone,
              ),
            )}
            {charges.feeLabel &&
              `, ${moneyWords.includesCardFee(
                formatCents(charges.firstPaymentFeeCents),
                charges.feeLabel,
              )}`}
          </span>
        </dd>
      </div>
    </>
  );
}

/** What was ordered: the plan, router, add-ons, code, and what it charges. */
export function OrderedCard({
  idPrefix: ids,
  order,
}: {
  idPrefix: string;
  order: OrderPageAnswer;
}) {
  return (
    <section className="card step-section order-page__card" aria-labelledby={`${ids}-ordered`}>
      <h2 id={`${ids}-ordered`} className="section-title">
        {text.orderedTitle}
      </h2>
      <dl className="order-page__list">
        <div>
          <dt>{text.plan}</dt>
          <dd>{order.plan.name}</dd>
        </div>
        <div>
          <dt>{text.router}</dt>
          <dd>{order.router.name}</dd>
        </div>
        {order.add_ons.length > 0 && (
          <div>
            <dt>{text.addOns}</dt>
            <dd>{order.add_ons.map((a) => a.label).join(', ')}</dd>
          </div>
        )}
        {order.coupon && (
          <div>
            <dt>{text.coupon}</dt>
            <dd>{order.coupon}</dd>
          </div>
        )}
        {/* A cancelled order charges nothing. */}
        {order.status === 'cancelled' ? (
          <div className="order-page__price">
            <dt>{text.charges}</dt>
            <dd>{moneyWords.nothingCharged}</dd>
          </div>
        ) : (
          <Charges order={order} />
        )}
      </dl>
    </section>
  );
}
