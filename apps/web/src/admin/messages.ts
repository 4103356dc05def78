import type { IdentitySignInRefusal } from '@fibre/domain/api';
import { ApiError } from '../shared/api/http.ts';
import { secondText } from './format.ts';

/*
 * The console's words for a failure (docs/rules/operator-console.md), in one place: what a page's
 * alert says, and what a failed sign-in says (each refusal its own words, and a fault on the
 * server's side says so). Any other error answer says its own message.
 */

const unreachable = 'The server could not be reached. Check the connection and try again.';

/** The message to show for a failed call. */
export function consoleMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.kind === 'unreachable') return unreachable;
    if (error.kind === 'shape') return 'The answer was not in the expected shape.';
  }
  return error instanceof Error ? error.message : 'Something went wrong.';
}

/**
 * Why a sign-in through the identity service came back to the sign-in screen, from its
 * `signInError` (docs/rules/operators.md#signing-in-through-the-providers-identity-service).
 */
const identityRefusals: Record<IdentitySignInRefusal, string> = {
  oidc_state:
    'That sign-in took too long or began in another browser window. Sign in again from here.',
  oidc_refused: 'The identity service did not sign you in. Try again, or ask whoever runs it.',
  oidc_failed:
    'The identity service’s answer could not be checked, so you are not signed in. Try again; if it keeps happening, tell whoever runs the console.',
  oidc_unavailable:
    'The identity service could not be reached. Try again in a minute; if it keeps happening, tell whoever runs the console.',
  oidc_no_email: 'The identity service gave no email address for you, so you are not signed in.',
  oidc_email_invalid:
    'The identity service gave an email address this console cannot take, so you are not signed in.',
  oidc_email_unverified:
    'The identity service has not verified your email address, so you are not signed in.',
  oidc_other_identity:
    'Your email address belongs to a console account signed in by another identity at the identity service, so you are not signed in. Ask whoever runs the console.',
  oidc_no_role:
    'The identity service gives you no role in this console (manager or viewer). Ask whoever runs it for one.',
};

/**
 * The reason comes from the address, so it is looked up among the refusals' own keys only: an
 * unknown one (`constructor`, `__proto__`, `toString`) says the generic sentence, never what a
 * plain object inherits (docs/rules/operator-console.md#signing-in-and-out).
 */
export function identitySignInMessage(reason: string): string {
  return Object.hasOwn(identityRefusals, reason)
    ? identityRefusals[reason as IdentitySignInRefusal]
    : 'Signing in through the identity service failed. Try again.';
}

/** What a failed sign-in says (docs/rules/operator-console.md#signing-in-and-out). */
export function signInMessage(error: unknown): string {
  if (!(error instanceof ApiError))
    return 'Signing in failed in this browser. Reload the page and try again.';
  if (error.status === 0) return consoleMessage(error);
  if (error.status >= 500) {
    return 'The server had a fault and could not check the password. Try again in a minute; if it keeps happening, tell whoever runs the console.';
  }
  switch (error.code) {
    case 'sign_in_failed':
      return 'Wrong email or password.';
    case 'sign_in_delayed': {
      const retryAt = error.answer.retryAt;
      return typeof retryAt === 'string'
        ? `Too many wrong passwords: try again at ${secondText(retryAt)} (Sydney time).`
        : 'Too many wrong passwords: wait a while and try again.';
    }
    case 'sign_in_locked':
      return 'Too many wrong passwords in a row for this email: a manager must unlock it before it can sign in from here.';
    case 'password_sign_in_off':
      return 'Password sign-in is turned off: sign in through the identity service.';
    case 'rate_limited':
      return 'Too many sign-in attempts from this address: wait a minute and try again.';
    default:
      return consoleMessage(error);
  }
}
