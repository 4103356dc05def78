import { CARD_SCHEME_NAMES, cardFeeLabel, moneyWords, schemesWithFee } from '@fibre/domain/pricing';
import { useConfig } from '../../../shared/config/config-context.tsx';

/**
 * Which cards carry no fee, before a card is typed (docs/rules/plans-and-pricing.md#card-fees):
 * shown only when the catalogue gives some scheme a fee, with that scheme's rate, so the visitor
 * can choose a card without one. Once the number shows a scheme with a fee, the summary and the
 * agreement state the totals with it.
 */
export function CardFeeNote() {
  const { domain } = useConfig();
  const charged = schemesWithFee(domain);
  if (charged.length === 0) return null;
  return (
    <p className="payment__card-fee-note" id="card-fee-note">
      {moneyWords.noFeeSchemes}.{' '}
      {charged
        .map((scheme) => `${CARD_SCHEME_NAMES[scheme]}: ${cardFeeLabel(domain.cardFees[scheme])}.`)
        .join(' ')}
    </p>
  );
}
