import { useSyncExternalStore } from 'react';
import type { CardScheme } from '@fibre/domain/pricing';

/**
 * The card scheme the card fields tell from the number as it is typed (the test vault's fields
 * from its first digits, Chargebee.js from its 'change' event's cardType): the payment step's
 * summary and agreement preview the card's fee with it before Submit, and the install body states
 * it (docs/rules/plans-and-pricing.md#card-fees). In memory only while typed; Submit keeps it with
 * the token in the store (signup.cardScheme), so a reload resends the same body. The server derives
 * its own and refuses a body that differs.
 */
let current: CardScheme | null = null;
const listeners = new Set<() => void>();

export function setCardScheme(scheme: CardScheme | null): void {
  if (scheme === current) return;
  current = scheme;
  for (const listener of listeners) listener();
}

export const cardScheme = (): CardScheme | null => current;

export function useCardScheme(): CardScheme | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    cardScheme,
    cardScheme,
  );
}
