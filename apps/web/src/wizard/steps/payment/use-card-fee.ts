import { cardFeeOn, roundCents } from '@fibre/domain/pricing';
import { useConfig } from '../../../shared/config/config-context.tsx';
import { useCardScheme } from '../../order-summary/card-scheme.ts';

/**
 * The monthly charge with the fee of the card being typed (docs/rules/plans-and-pricing.md#card-fees):
 * the amount of 'I agree to a monthly charge of $X'. Direct debit carries none.
 */
export function useMonthlyWithFee(monthly: number, byBank: boolean): number {
  const { domain } = useConfig();
  const scheme = useCardScheme();
  return roundCents(monthly + cardFeeOn(monthly, byBank ? null : scheme, domain));
}
