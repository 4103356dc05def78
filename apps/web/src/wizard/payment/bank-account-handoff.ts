import type { BankAccountBody } from '@fibre/domain/install';

/*
 * Direct debit through Chargebee (docs/rules/contact-and-connection.md#direct-debit-through-chargebee):
 * the bank account goes to our server only in the install body, so between the payment step and
 * the order it is held here, in this page's memory: never in the store, sessionStorage or a log.
 * A reload loses it, and the visitor types it again.
 */

/** What the store keeps as the payment's "token" while the bank account waits here. */
export const BANK_ACCOUNT_HELD = 'bank_account';

let held: BankAccountBody | null = null;

export function holdBankAccount(account: BankAccountBody): void {
  held = account;
}

/** The bank account held for the order, or null (none, or lost with a reload). */
export function heldBankAccount(): BankAccountBody | null {
  return held;
}
