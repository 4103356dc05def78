import type { ApiFailure } from './http.ts';

/*
 * The wizard's one rule for a failure's words: it shows the server's own sentence only after a
 * 429, which tells the visitor what to wait for (docs/decisions/010-limits.md); any other failure
 * shows the step's own words (its text.ts), and what an answer means is the domain's rules
 * (packages/domain: a coupon's, the install's).
 */

/** The server's sentence to show for a failure, or null when the step says its own words. */
export function serverSentence(failure: ApiFailure): string | null {
  return failure.status === 429 ? failure.message : null;
}
