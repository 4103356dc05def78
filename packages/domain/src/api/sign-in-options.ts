import * as z from 'zod/mini';

/*
 * How staff may sign in to the console (docs/rules/operators.md#signing-in-through-the-providers-identity-service):
 * what the sign-in screen asks before it shows a form or a button.
 */

/**
 * GET /admin/api/sign-in/options: `passwords`, whether the email and password form works;
 * `identityService`, the provider's identity service when configured (its name for the button,
 * or null: 'your organisation').
 */
export const signInOptionsAnswer = z.object({
  passwords: z.boolean(),
  identityService: z.nullable(z.object({ name: z.nullable(z.string()) })),
});
export type SignInOptionsAnswer = z.infer<typeof signInOptionsAnswer>;

/**
 * Why a sign-in through the identity service ended back on the sign-in screen: the
 * `signInError` the callback puts in the console's address.
 */
export const identitySignInRefusals = [
  'oidc_state',
  'oidc_refused',
  'oidc_failed',
  'oidc_unavailable',
  'oidc_no_email',
  'oidc_email_invalid',
  'oidc_email_unverified',
  'oidc_other_identity',
  'oidc_no_role',
] as const;
export type IdentitySignInRefusal = (typeof identitySignInRefusals)[number];
