import type { FieldErrors } from 'react-hook-form';
import type { RefObject } from 'react';
import { cardFieldId, cardFields } from '../../adapters/card-tokeniser/card-fields.ts';
import type { CardFieldsHandle } from '../../adapters/card-tokeniser/card-tokeniser.ts';
import type { ErrorSummaryItem } from '../../../shared/ui/error-summary.tsx';
import { summaryItems } from '../../../shared/ui/use-error-summary.ts';
import { agreementId, agreementNames } from './acceptances.tsx';
import { bankFieldId, bankFields, type BankAccountHandle } from './bank-account-fields.tsx';
import { text } from './text.ts';
import type { AcceptanceValues } from './use-acceptances-form.ts';
import type { PaymentProblems } from './use-payment-problems.ts';

interface SummaryInput {
  ids: string;
  byBank: boolean;
  problems: PaymentProblems;
  errors: FieldErrors<AcceptanceValues>;
  card: RefObject<CardFieldsHandle | null>;
  bank: RefObject<BankAccountHandle | null>;
}

/**
 * The wrong card fields, or, paying by direct debit, the wrong bank account fields where the
 * card's stand; the card (or bank) error itself when the tokeniser could not tell which field.
 */
function paymentFieldItems({ ids, byBank, problems, card, bank }: SummaryInput) {
  const items: ErrorSummaryItem[] = byBank
    ? bankFields.flatMap((field) => {
        const message = problems.bankProblems[field];
        return message
          ? [{ id: bankFieldId(ids, field), message, focus: () => bank.current?.focus(field) }]
          : [];
      })
    : cardFields.flatMap((field) => {
        const message = problems.cardProblems[field];
        return message
          ? [{ id: cardFieldId(ids, field), message, focus: () => card.current?.focus(field) }]
          : [];
      });
  if (problems.cardError && items.length === 0) {
    items.push(
      byBank
        ? {
            id: bankFieldId(ids, 'account_name'),
            message: text.bankAccountInvalid,
            focus: () => bank.current?.focus(),
          }
        : {
            id: cardFieldId(ids, 'number'),
            message: text.cardInvalid,
            focus: () => card.current?.focus(),
          },
    );
  }
  return items;
}

/**
 * The error summary: the wrong card fields, then the agreements not ticked, in the page's order
 * (docs/rules/contact-and-connection.md, "The error summary"); nothing before the first Submit.
 */
export function paymentSummaryItems(input: SummaryInput): ErrorSummaryItem[] {
  if (input.problems.attempt === 0) return [];
  return [
    ...paymentFieldItems(input),
    ...summaryItems(agreementNames, input.errors, (name) => agreementId(input.ids, name)),
  ];
}
