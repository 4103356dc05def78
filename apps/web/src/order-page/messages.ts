import type { ApiFailure } from '../shared/api/client.ts';
import { text } from './text.ts';

/*
 * The order page's words for a failed call (docs/rules/order-page.md), in one place: a refusal's
 * sentence comes from the server (text.ts), and a failure without one says the page's own words.
 */

/** What a failed load says: a 429's own sentence (docs/decisions/010-limits.md), else the page's words. */
export function loadFailedMessage(failure: ApiFailure): string {
  return failure.status === 429 ? failure.message : text.loadFailed;
}

/**
 * A refused change: the server's reason (its `error`, 'failed' when none) and the sentence to show,
 * the server's when its answer had one (not when the connection failed, or an answer was not in
 * the error shape).
 */
export interface ChangeRefusal {
  reason: string;
  message: string;
}

export function refusalOf(failure: ApiFailure): ChangeRefusal {
  const data = failure.data as { error?: unknown; message?: unknown } | null;
  const reason = typeof data?.error === 'string' ? data.error : 'failed';
  return {
    reason,
    message: typeof data?.message === 'string' ? failure.message : text.changeFailed,
  };
}
