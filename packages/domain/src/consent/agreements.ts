/**
 * The words of the payment step's boxes (docs/rules/contact-and-connection.md#payment-acceptances).
 * The wizard shows them and the server records them in the order's acceptance record, from the
 * same functions, so what is recorded is what was shown.
 */
import { formatDollars } from '../shared/money.ts';

export const agreementWords = {
  monthlyCharge: (amount: number) => `I agree to a monthly charge of $${formatDollars(amount)}`,
  newDevelopmentCharge: (amount: number) =>
    `I agree to the New Development Charge of $${formatDollars(amount)}`,
  terms: 'I have read and agree to the terms and conditions of my plan',
  /** The direct debit box (docs/rules/documents-and-consent.md#direct-debit). */
  directDebit:
    'I have read the Direct Debit Request and service agreement and authorise the debits it describes from my account',
} as const;
