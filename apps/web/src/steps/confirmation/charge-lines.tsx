import { moneyWords } from '@fibre/domain/pricing';

/** The three charges as amounts already written ('$89.00'), with when the first is taken. */
export interface Charges {
  monthly: string;
  firstPayment: string;
  /** The first payment's day as shown, or null before one is known. */
  firstPaymentDay: string | null;
  /** The card fee and its rate (null: not known), or null when there is none. */
  cardFee: { amount: string; rate: number | null } | null;
}

/**
 * The charges' lines in the domain's money words (docs/rules/plans-and-pricing.md): one layout
 * for the placed order's stored prices and for the browser's own sums before an answer.
 */
export function ChargeLines({ monthly, firstPayment, firstPaymentDay, cardFee }: Charges) {
  return (
    <>
      <div className="order-details__line order-details__line--total">
        <dt>{moneyWords.monthlyCharge}</dt>
        <dd>
          {monthly}
          <span className="order-details__sub">{moneyWords.perMonth}</span>
        </dd>
      </div>
      <div className="order-details__line">
        <dt>
          {moneyWords.firstPayment}
          <span className="order-details__sub">{moneyWords.firstPaymentWhen(firstPaymentDay)}</span>
        </dt>
        <dd>{firstPayment}</dd>
      </div>
      {cardFee && (
        <div className="order-details__line">
          <dt>
            {moneyWords.cardFee(cardFee.rate)}
            <span className="order-details__sub">{moneyWords.cardFeeWhen}</span>
          </dt>
          <dd>{cardFee.amount}</dd>
        </div>
      )}
    </>
  );
}
