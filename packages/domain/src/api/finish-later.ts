import * as z from 'zod/mini';

/*
 * Finish later's answers (docs/rules/mail.md, "Finish later").
 */

/** POST /api/v1/{provider}/signups/finish-later: the link is on its way. */
export const finishLaterAnswer = z.object({
  email: z.string(),
  /** When the link stops working (ISO 8601). */
  expires_at: z.string(),
});
export type FinishLaterAnswer = z.infer<typeof finishLaterAnswer>;

/**
 * POST /api/v1/public/signups/new-link/{token}: a new link is on its way, to the address the
 * sign-up was saved for. The answer never says which address that is.
 */
export const newLinkAnswer = z.object({
  /** When the new link stops working (ISO 8601). */
  expires_at: z.string(),
});
export type NewLinkAnswer = z.infer<typeof newLinkAnswer>;

/**
 * POST /api/v1/public/signups/resume/{token}: the saved state, as the wizard serialised it less
 * card data; with the hold put back only while it still holds.
 */
export const resumeAnswer = z.object({
  snapshot: z.looseObject({ version: z.number(), state: z.record(z.string(), z.unknown()) }),
  /** The hold's session (X-Hold-Session) when the hold was given back, so this tab may renew it. */
  hold_session: z.nullable(z.string()),
});
export type ResumeAnswer = z.infer<typeof resumeAnswer>;
