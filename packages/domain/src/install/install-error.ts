import { messages } from '../shared/messages.ts';

/** The install answer and the order's result it gives the confirmation step (docs/rules/orders.md). */

/** The order's result, as the confirmation step (the finale) shows it. */
export interface SubmissionResult {
  success: boolean;
  err: string | null;
}

const EXPIRED_BOOKING_PHRASE = 'booking is expired';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function nonEmptyString(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/**
 * The rejection's `error` field holds JSON. Its `message` is read first, then a nested `error`
 * (the two keys APIs use for readable text); a JSON string is itself the message. Anything else,
 * including text that is not JSON, gives null so the caller falls back.
 */
function messageFromErrorField(errorField: unknown): string | null {
  if (typeof errorField !== 'string') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(errorField);
  } catch {
    return null;
  }
  if (!isRecord(parsed)) return nonEmptyString(parsed);
  return nonEmptyString(parsed.message) ?? nonEmptyString(parsed.error);
}

/**
 * docs/rules/orders.md: an install answer above 299 is an error. 409 means the booking expired;
 * otherwise the response data is the rejection, its error field is parsed as JSON for a message,
 * falling back to 'Something went wrong'. A 2xx (or 1xx) answer is not an error: null.
 */
export function parseInstallError(status: number, data: unknown): string | null {
  if (status <= 299) return null;
  if (status === 409) return messages.bookingExpired;
  if (!isRecord(data)) return messages.somethingWentWrong;
  // Our API (docs/rules/api.md) answers {error: CODE, message: TEXT}: a code is not JSON, so its
  // readable message is used before the fallback.
  return (
    messageFromErrorField(data.error) ?? nonEmptyString(data.message) ?? messages.somethingWentWrong
  );
}

/**
 * An error containing 'booking is expired' opens 'Reservation not available.'
 * (docs/rules/orders.md).
 */
export function isBookingExpiredError(err: string | null | undefined): boolean {
  return typeof err === 'string' && err.includes(EXPIRED_BOOKING_PHRASE);
}

/** The order's result before any answer (docs/rules/orders.md): err and success; nothing has happened yet. */
export const initialFinale: SubmissionResult = { success: false, err: null };

/** "A successful booking sets success true and clears err." */
export function finaleSucceeded(): SubmissionResult {
  return { success: true, err: null };
}

/** "A failed booking sets success false and sets err to the parsed message, or 'Something went wrong'." */
export function finaleFailed(message: string | null | undefined): SubmissionResult {
  return { success: false, err: nonEmptyString(message) ?? messages.somethingWentWrong };
}

/** "The error can be cleared." Success is left as it was. */
export function finaleErrorCleared(state: SubmissionResult): SubmissionResult {
  return { ...state, err: null };
}

/** The finale after an install answer: the one place that turns status and data into a result. */
export function finaleFromInstallAnswer(status: number, data: unknown): SubmissionResult {
  const error = parseInstallError(status, data);
  return error === null ? finaleSucceeded() : finaleFailed(error);
}
