/** The card form's fields and their ids, shared by the payment step and every card form. */

/** The card form's fields, in their order on the page. */
export const cardFields = ['number', 'expiry', 'cvv', 'name'] as const;
export type CardField = (typeof cardFields)[number];

/** Each wrong card field with its own message (docs/rules/contact-and-connection.md). */
export type CardProblems = Partial<Record<CardField, string>>;

/** A card field's id in the page, from the form's idPrefix. */
export const cardFieldId = (prefix: string, field: CardField) => `${prefix}-card-${field}`;

/** Whether a card field is marked invalid (CardFieldsProps.problems). */
export function cardFieldInvalid(
  { errorId, problems }: { errorId: string | undefined; problems: CardProblems },
  field: CardField,
): boolean {
  return Boolean(problems[field]) || (Boolean(errorId) && Object.keys(problems).length === 0);
}

/**
 * The vault could not be reached at Submit: no answer at all (status 0: offline, the request
 * aborted) or the vault failing itself (5xx). Nothing is wrong with what was typed, so no field is
 * marked and the visitor is told to press Submit again (docs/rules/contact-and-connection.md#payment-step-6).
 * Any other refusal is the card (or bank account) error.
 */
export const vaultUnreachable = (answer: { ok: boolean; status: number }): boolean =>
  !answer.ok && (answer.status === 0 || answer.status >= 500);
