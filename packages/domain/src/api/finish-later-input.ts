import { z } from 'zod';

/*
 * Finish later (docs/rules/mail.md, "Finish later"): the wizard sends its own serialised state
 * (apps/web shared/store/persistence.ts), so any field the wizard keeps is saved with it. The
 * server reads from it only the contact's email and first name, and the step; it never prices
 * from it (the order is priced at install time). Bounded: at most FINISH_LATER_MAX_BYTES of
 * JSON.
 */

/** The largest saved state accepted, as JSON text (a full sign-up is about 3 KB). */
export const FINISH_LATER_MAX_BYTES = 32_000;

const contact = z.looseObject({
  email: z.email().max(254),
  firstName: z.string().max(100),
});

export const finishLaterBody = z.object({
  snapshot: z
    .object({
      version: z.number().int(),
      state: z.looseObject({
        // From the contact step on (step 3): the email is known once the contact step passed.
        step: z.number().int().min(3).max(7),
        signup: z.looseObject({ contact }),
      }),
    })
    .refine((s) => JSON.stringify(s).length <= FINISH_LATER_MAX_BYTES, {
      message: 'The sign-up is too large to save',
    }),
  /** The payment step's marketing box, as ticked now (false elsewhere). */
  marketing: z.boolean().default(false),
});
export type FinishLaterBody = z.input<typeof finishLaterBody>;
export type FinishLaterRequest = z.output<typeof finishLaterBody>;

/**
 * POST /api/v1/{provider}/signups/remind-me: the visitor ticked the payment step's marketing box
 * without asking for the link (docs/rules/mail.md, "The reminder to finish"). The same state as
 * finish later's; nothing is mailed now, and the box is ticked by definition.
 */
export const remindMeBody = z.object({ snapshot: finishLaterBody.shape.snapshot });
export type RemindMeBody = z.input<typeof remindMeBody>;
export type RemindMeRequest = z.output<typeof remindMeBody>;

/** A link's token of any shape: one that opens nothing answers 404. */
export const signupTokenParams = z.object({ token: z.string().max(200) });
