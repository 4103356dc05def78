import type { InstallBodyFacts } from '@fibre/domain/install';
import { CARD_SCHEME_NAMES, cardFeeOn, sameCharge, type CardScheme } from '@fibre/domain/pricing';
import type { DomainConfig } from '@fibre/domain/shared';
import { Refusal } from '../http/errors.ts';
import type { PricedInstall } from './price-order.ts';

const schemeMismatch = (scheme: CardScheme | null) => {
  const message =
    scheme === null
      ? 'This payment is not made by card, so it carries no card scheme.'
      : `This card is ${CARD_SCHEME_NAMES[scheme]}. Please review your order before you submit it.`;
  return new Refusal('unprocessable', 'card_scheme_mismatch', message, {
    'charge_bee.card_scheme': message,
  });
};

const feeChanged = (fee: number) => {
  const message =
    fee === 0
      ? 'This card carries no card fee. Please review your order before you submit it.'
      : `This card carries a card surcharge of $${fee.toFixed(2)} on the first payment. Please review your order before you submit it.`;
  return new Refusal('unprocessable', 'card_fee_changed', message, {
    'charge_bee.card_fee': message,
  });
};

/**
 * The order with its card fees: the scheme's percent of the first payment and of each monthly
 * charge (domain cardFeeOn). A scheme or fee the body states must be the server's, else 422 naming
 * the field; a body that states neither is priced as the server finds (009).
 */
export function withCardFees(
  priced: PricedInstall,
  found: { scheme: CardScheme | null; known: boolean },
  facts: Pick<InstallBodyFacts, 'statedCardScheme' | 'statedCardFee'>,
  rules: Pick<DomainConfig, 'cardFees'>,
): PricedInstall {
  const { scheme } = found;
  if (found.known && facts.statedCardScheme !== null && facts.statedCardScheme !== scheme)
    throw schemeMismatch(scheme);
  const firstFee = cardFeeOn(priced.activationCents / 100, scheme, rules);
  if (facts.statedCardFee !== null && !sameCharge(facts.statedCardFee, firstFee))
    throw feeChanged(firstFee);
  return {
    ...priced,
    cardScheme: scheme,
    cardFeeCents: Math.round(cardFeeOn(priced.monthlyCents / 100, scheme, rules) * 100),
    firstPaymentFeeCents: Math.round(firstFee * 100),
  };
}

/**
 * Billing's check of the card it reports (Chargebee's `card.card_type`) against the priced order,
 * before anything is billed: a scheme the body stated must be the card's, and a card whose fees
 * are not the order's is refused (422): billing undoes what it made and nothing is charged
 * (docs/decisions/009-install-facts.md).
 */
export function cardCheck(
  priced: PricedInstall,
  facts: Pick<InstallBodyFacts, 'statedCardScheme'>,
  rules: Pick<DomainConfig, 'cardFees'>,
): (reported: CardScheme | null) => void {
  return (reported) => {
    if (reported === priced.cardScheme) return;
    if (facts.statedCardScheme !== null && reported !== null) throw schemeMismatch(reported);
    const fee = (cents: number) => Math.round(cardFeeOn(cents / 100, reported, rules) * 100);
    const firstFee = fee(priced.activationCents);
    if (
      firstFee !== priced.firstPaymentFeeCents ||
      fee(priced.monthlyCents) !== priced.cardFeeCents
    )
      throw feeChanged(firstFee / 100);
  };
}
