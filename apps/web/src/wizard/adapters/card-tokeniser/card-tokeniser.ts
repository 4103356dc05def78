import type { ComponentType, Ref } from 'react';

/*
 * The card form behind one small interface (docs/rules/outside-parts.md): the test-mode vault
 * served by the API when nothing is configured, or Chargebee.js card components (iframes, so card
 * data never touches this page) when a Chargebee site is. The payment step renders the
 * implementation's fields and asks them for a token; it never sees a card number, and nothing here
 * writes one to the store.
 */

import type { CardField, CardProblems } from './card-fields.ts';

export type { CardField, CardProblems };

/**
 * A refusal names the wrong fields when the tokeniser can tell (the test-mode vault can).
 * `unreachable`: the vault gave no answer or failed itself (a 5xx), so nothing is wrong with the card
 * and no field is marked (docs/rules/contact-and-connection.md#payment-step-6).
 */
export type TokeniseResult =
  { token: string } | { error: string; fields?: CardProblems; unreachable?: true };

/** What the payment step may do with the card fields. */
export interface CardFieldsHandle {
  /** Turns what was typed into a vault token (cb_token), or says why it could not. */
  tokenise(): Promise<TokeniseResult>;
  /**
   * What is plainly wrong without sending the card anywhere (a field left empty, an expiry that is
   * not MM/YY, a CVV that is not 3 or 4 digits): Submit checks it with the agreements, at once.
   */
  check(): CardProblems;
  /** Moves focus to a card field (the card number unless named). */
  focus(field?: CardField): void;
}

export interface CardFieldsProps {
  ref?: Ref<CardFieldsHandle>;
  /** The start of the fields' ids (cardFieldId), which the error summary links to. */
  idPrefix: string;
  /** The card error's id while it shows: the marked fields are described by it. */
  errorId: string | undefined;
  /**
   * The wrong fields with their messages: only these are marked invalid. With the card error
   * showing and no field named (the tokeniser could not tell which), every field is marked.
   */
  problems: CardProblems;
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
