import { createHash } from 'node:crypto';
import type { MailKind } from '../db/tables/mail.ts';

/**
 * The links of a saved sign-up's mail (docs/rules/mail.md, "Finish later"): `/resume/<token>`
 * opens the sign-up in the wizard, `/api/v1/public/unsubscribe/<token>` stops the reminder. The
 * resume token is the order link's kind (order-link.ts: 32 random bytes, base64url), kept only as
 * its SHA-256, in the outbox's link_token until the mail is sent. The unsubscribe link has a token
 * of its own, made from the resume token one way (unsubscribeTokenOf), so whoever reads the
 * List-Unsubscribe header cannot open the sign-up.
 */

/** Where the unsubscribe link goes in a stored mail's bodies until it is sent. */
export const UNSUBSCRIBE_LINK_PLACEHOLDER = '%UNSUBSCRIBE_LINK%';

export const isSignupMail = (kind: MailKind): boolean =>
  kind === 'signup.link' || kind === 'signup.reminder';

const origin = (publicUrl: string) => publicUrl.replace(/\/+$/, '');

/** PUBLIC_URL, then /resume/<token>: the page that opens the saved sign-up. */
export const resumeLinkUrl = (publicUrl: string, token: string): string =>
  `${origin(publicUrl)}/resume/${token}`;

/** PUBLIC_URL, then the one-click unsubscribe URL (GET: a page; POST: unsubscribes). */
export const unsubscribeUrl = (publicUrl: string, token: string): string =>
  `${origin(publicUrl)}/api/v1/public/unsubscribe/${token}`;

/**
 * The unsubscribe link's token for a resume token: SHA-256 of a purpose and the token, base64url.
 * One way: it names the sign-up (by its own hash, signup_unsubscribe_tokens) and never opens it.
 */
export const unsubscribeTokenOf = (resumeToken: string): string =>
  createHash('sha256').update(`unsubscribe\0${resumeToken}`).digest('base64url');
