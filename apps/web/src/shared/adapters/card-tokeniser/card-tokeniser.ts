import type { ComponentType, Ref } from 'react';

/*
 * The card form behind one small interface (docs/rules/outside-parts.md): the test-mode vault
 * served by the API when nothing is configured, or Chargebee.js card components (iframes, so card
 * data never touches this page) when a Chargebee site is. The payment step renders the
 * implementation's fields and asks them for a token; it never sees a card number, and nothing here
 * writes one to the store.
 */

export type TokeniseResult = { token: string } | { error: string };

/** What the payment step may do with the card fields. */
export interface CardFieldsHandle {
  /** Turns what was typed into a vault token (cb_token), or says why it could not. */
  tokenise(): Promise<TokeniseResult>;
  /** Moves focus to the first card field (after the card error). */
  focus(): void;
}

export interface CardFieldsProps {
  ref?: Ref<CardFieldsHandle>;
  /** The card error's id while it shows: every field is marked invalid and described by it. */
  errorId: string | undefined;
  /** A submission is running. */
  disabled: boolean;
}

export interface CardTokeniser {
  /** Loads the fields only when the payment step asks for them (their own chunk). */
  load(): Promise<ComponentType<CardFieldsProps>>;
}

export type CardTokeniserKind = 'test-vault' | 'chargebee';

const testVault: CardTokeniser = {
  load: () => import('./test-vault-card-fields.tsx').then((m) => m.TestVaultCardFields),
};

const chargebee: CardTokeniser = {
  load: () => import('./chargebee-card-fields.tsx').then((m) => m.ChargebeeCardFields),
};

/** The configured implementation (public config `adapters.cardTokeniser`). */
export function cardTokeniserFor(kind: string): CardTokeniser {
  return kind === 'chargebee' ? chargebee : testVault;
}
