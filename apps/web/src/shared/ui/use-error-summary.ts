import { useCallback, useState } from 'react';
import type { ErrorSummaryItem } from './error-summary.tsx';

/**
 * The error summary's part in a form (docs/rules/contact-and-connection.md, "The error summary"):
 * the refused Continues or Submits counted (`attempt`, which sends focus to the summary each time
 * it goes up) and `onRefused` to count one, as react-hook-form's invalid handler or a card vault's
 * refusal; `fieldItems` gives the invalid fields' messages in the form's order, nothing before
 * the first refusal.
 */
export function useErrorSummary() {
  const [attempt, setAttempt] = useState(0);
  const onRefused = useCallback(() => setAttempt((n) => n + 1), []);
  const fieldItems = useCallback(
    <F extends string>(
      fields: readonly F[],
      errors: Partial<Record<F, { message?: string } | undefined>>,
      idOf: (field: F) => string,
    ): ErrorSummaryItem[] => (attempt > 0 ? summaryItems(fields, errors, idOf) : []),
    [attempt],
  );
  return { attempt, onRefused, fieldItems };
}

/** Each field's own message, in the order given, linked to the field's id. */
export function summaryItems<F extends string>(
  fields: readonly F[],
  errors: Partial<Record<F, { message?: string } | undefined>>,
  idOf: (field: F) => string,
): ErrorSummaryItem[] {
  return fields.flatMap((field) => {
    const message = errors[field]?.message;
    return message ? [{ id: idOf(field), message }] : [];
  });
}
