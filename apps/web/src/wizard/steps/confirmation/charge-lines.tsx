import { moneyWords } from '@fibre/domain/pricing';

/** The charges as amounts already written ('$89.00'), each with the card's fee included. */
export interface Charges {
  monthly: string;
  firstPayment: string;
  /** The first payment's day as shown, or null before one is known. */
  firstPaymentDay: string | null;
  /** The card fee included in each, with its line's name, or null when the card pays none. */
  cardFee: { label: string; monthly: string; firstPayment: string } | null;
}

/**
 * The charges' lines in the domain's money words (docs/rules/plans-and-pricing.md): one layout
 * for the placed order's stored prices and for the browser's own sums before an answer. Each
 * amount is what is charged, the card's fee included (docs/rules/plans-and-pricing.md#card-fees).
 */
export function ChargeLines({ monthly, firstPayment, firstPaymentDay, cardFee }: Charges) {
  return (
    <>
      <div className="order-details__line order-details__line--total">
        <dt>
          {moneyWords.monthlyCharge}
          {cardFee && (
            <span className="order-details__sub">
              {moneyWords.includesCardFee(cardFee.monthly, cardFee.label)}
            </span>
          )}
        </dt>
        <dd>
          {monthly}
          <span className="order-details__sub">{moneyWords.perMonth}</span>
        </dd>
      </div>
      <div className="order-details__line">
        <dt>
          {moneyWords.firstPayment}
          <span className="order-details__sub">{moneyWords.firstPaymentWhen(firstPaymentDay)}</span>
          {cardFee && (
            <span className="order-details__sub">
              {moneyWords.includesCardFee(cardFee.firstPayment, cardFee.label)}
            </span>
          )}
        </dt>
        <dd>{firstPayment}</dd>
      </div>
    </>
  );
}
