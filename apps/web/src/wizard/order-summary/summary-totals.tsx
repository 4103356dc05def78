import { dateLabel } from '@fibre/domain/scheduling';
import { moneyWords, type orderSummary } from '@fibre/domain/pricing';
import { formatDollars } from '@fibre/domain/shared';

const money = (amount: number) => `$${formatDollars(amount)}`;

interface SummaryTotalsProps {
  summary: ReturnType<typeof orderSummary>;
  /** The card's fee, as words; null without one. */
  feeLabel: string | null;
  timeZone: string;
}

/** The monthly charge and the first payment, each with the card's fee where there is one. */
export function SummaryTotals({ summary, feeLabel, timeZone }: SummaryTotalsProps) {
  return (
    <dl className="summary__totals">
      {/* The money words are the domain's (moneyWords): the mail, the confirmation, the order
          page and the console name each charge the same way. */}
      <div className="summary__line summary__line--total">
        <dt>
          {moneyWords.monthlyCharge}
          {feeLabel && summary.monthlyFee > 0 && (
            <span className="summary__sub">
              {moneyWords.includesCardFee(money(summary.monthlyFee), feeLabel)}
            </span>
          )}
        </dt>
        <dd>
          {money(summary.monthlyWithFee)}
          <span className="summary__sub">{moneyWords.perMonth}</span>
        </dd>
      </div>
      <div className="summary__line summary__line--first-payment">
        <dt>
          {moneyWords.firstPayment}
          <span className="summary__sub">
            {moneyWords.firstPaymentWhen(
              summary.firstPaymentDate ? dateLabel(summary.firstPaymentDate, timeZone) : null,
            )}
          </span>
          {/* A card without a fee (Visa, Mastercard, eftpos) shows no fee, not a $0 line. */}
          {feeLabel && summary.firstPaymentFee > 0 && (
            <span className="summary__sub">
              {moneyWords.includesCardFee(money(summary.firstPaymentFee), feeLabel)}
            </span>
          )}
        </dt>
        <dd>{money(summary.firstPaymentWithFee)}</dd>
      </div>
    </dl>
  );
}
