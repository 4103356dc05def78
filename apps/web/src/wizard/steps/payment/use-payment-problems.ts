import { useState } from 'react';
import { useErrorSummary } from '../../../shared/ui/use-error-summary.ts';
import type { CardProblems } from '../../adapters/card-tokeniser/card-tokeniser.ts';
import type { BankAccountProblems } from './bank-account-fields.tsx';

/** What the last Submit found wrong with the card or the bank account, as the step shows it. */
export interface PaymentProblems {
  cardError: boolean;
  /**
   * The wrong card fields with their messages (empty with the card error: the tokeniser could not
   * tell which, so every field is marked).
   */
  cardProblems: CardProblems;
  bankProblems: BankAccountProblems;
  /**
   * The vault could not be reached at the last Submit: said apart from the card error, no field
   * marked.
   */
  unreachable: boolean;
  /** Counts refused Submits: each one sends focus to the error summary. */
  attempt: number;
}

/**
 * The card's and the bank account's refusals (docs/rules/contact-and-connection.md): the card (or
 * bank) error with the wrong fields marked, or the connection message with nothing marked.
 */
export function usePaymentProblems() {
  const [cardError, setCardError] = useState(false);
  const [cardProblems, setCardProblems] = useState<CardProblems>({});
  const [bankProblems, setBankProblems] = useState<BankAccountProblems>({});
  const [unreachable, setUnreachable] = useState(false);
  const { attempt, onRefused } = useErrorSummary();

  /** The card's refusal: the card error, the wrong card fields marked. */
  function refuseCard(problems: CardProblems, cardRefused: boolean) {
    setUnreachable(false);
    setCardError(cardRefused || Object.keys(problems).length > 0);
    setCardProblems(problems);
    setBankProblems({});
    onRefused();
  }

  /** The bank account's refusal: the same error, the wrong account fields marked. */
  function refuseBank(problems: BankAccountProblems, refused: boolean) {
    setUnreachable(false);
    setCardError(refused || Object.keys(problems).length > 0);
    setCardProblems({});
    setBankProblems(problems);
    onRefused();
  }

  /** Submit could not reach the vault: the connection message, nothing marked. */
  function unreached() {
    setCardError(false);
    setCardProblems({});
    setBankProblems({});
    setUnreachable(true);
  }

  /** Nothing shown: a Submit under way, or another method chosen. */
  function clear() {
    setUnreachable(false);
    setCardError(false);
    setCardProblems({});
    setBankProblems({});
  }

  const problems: PaymentProblems = { cardError, cardProblems, bankProblems, unreachable, attempt };
  return { problems, refuseCard, refuseBank, unreached, clear };
}
