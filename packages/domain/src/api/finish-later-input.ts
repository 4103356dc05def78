import { z } from 'zod';
import { VERSION_2_STEPS } from '../wizard/saved-steps.ts';
import { FINISH_LATER_STEPS } from '../wizard/steps.ts';

/*
 * Finish later (docs/rules/mail.md, "Finish later"): the wizard sends its own serialised state
 * (apps/web wizard/store/persistence.ts and state.ts). It is checked against the shape of that
 * state: keys the wizard does not keep are dropped, every string is bounded, and what is saved is
 * at most FINISH_LATER_MAX_BYTES of JSON. The server reads from it only the contact's email and
 * first name, and the step; it never prices from it (the order is priced at install time).
 * The step is an id (saved state version 3); a wizard still on version 2 sends its number, which
 * the server saves as version 3 (docs/rules/wizard-flow.md, "Saved steps").
 */

/** Version 2's numbers for the steps finish later is offered on. */
const version2FinishLaterSteps = Object.entries(VERSION_2_STEPS)
  .filter(([, id]) => (FINISH_LATER_STEPS as readonly string[]).includes(id))
  .map(([n]) => Number(n));

/** The largest saved state kept, as JSON text once unknown keys are dropped (a full sign-up is about 3 KB). */
export const FINISH_LATER_MAX_BYTES = 8_000;

const text = (max = 200) => z.string().max(max);
const flag = z.boolean().optional();

/**
 * A value the wizard copies from a server answer (the checked address, the campaign, a coupon):
 * its own shape is the server's, so it is bounded here rather than spelled out: strings of at
 * most 500 characters, lists of at most 30, nested at most four deep.
 */
type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
const bounded = (depth: number): z.ZodType<Json> => {
  const leaf = z.union([text(500), z.number(), z.boolean(), z.null()]);
  if (depth === 0) return leaf;
  const inner = bounded(depth - 1);
  return z.union([leaf, z.array(inner).max(30), z.record(text(64), inner)]);
};
const copied = bounded(4).optional();

const contact = z.object({
  email: z.email().max(254),
  firstName: text(100),
  lastName: text(100).optional(),
  phone: text(40).optional(),
  howDidYouHearAboutUs: text(100).optional(),
  confirmEmail: text(254).optional(),
});

const draft = z.record(
  z.enum(['firstName', 'lastName', 'email', 'phone', 'howDidYouHearAboutUs', 'confirmEmail']),
  text(254),
);

/** The wizard's state (apps/web wizard/store/state.ts), each area as it keeps it. */
const wizardState = z.object({
  // The steps finish later is offered on: the email is known once the contact step passed.
  step: z.union([z.enum(FINISH_LATER_STEPS), z.literal(version2FinishLaterSteps)]),
  address: z.object({ input: text(300).optional(), value: copied, dialogOpen: flag }).optional(),
  campaign: z.object({ campaign: copied, referral: flag, moveIn: flag }).optional(),
  discount: z
    .object({
      pendingCode: z.nullable(text(64)).optional(),
      code: z.nullable(text(64)).optional(),
      discount: copied,
      coupon: copied,
      campaignCouponRefused: flag,
    })
    .optional(),
  plans: z
    .object({ filter: text(32).optional(), selectedId: z.nullable(text(100)).optional() })
    .optional(),
  routers: z.object({ selectedId: z.nullable(text(100)).optional() }).optional(),
  signup: z.object({
    addOns: z.array(bounded(2)).max(20).optional(),
    contact,
    contactDraft: z.nullable(draft).optional(),
    connectionConfirmed: flag,
    referralCode: z.nullable(text(64)).optional(),
    // Taken out by the server (card data, the install's key and answer), so only bounded here.
    cardToken: z.nullable(text(200)).optional(),
    cardScheme: z.nullable(text(32)).optional(),
    acceptances: copied,
    idempotencyKey: z.nullable(text(200)).optional(),
    placed: copied,
    paymentDraft: z
      .nullable(
        z.object({
          monthlyCharge: flag,
          monthlyAmount: z.nullable(z.number()).optional(),
          newDevelopmentCharge: flag,
          terms: flag,
          marketing: flag,
          directDebit: flag,
          method: z.enum(['card', 'bank']).optional(),
        }),
      )
      .optional(),
  }),
  bookings: z.object({ date: z.nullable(text(10)).optional() }).optional(),
  reservations: z
    .object({ reservation: copied, slot: copied, lost: flag, booked: flag })
    .optional(),
  review: z.object({ changing: flag }).optional(),
});

export const finishLaterBody = z.object({
  snapshot: z
    .object({ version: z.union([z.literal(2), z.literal(3)]), state: wizardState })
    // Version 3 saves the step by its id, version 2 by its number: a state that mixes them would be
    // saved and never resume (docs/rules/wizard-flow.md, "Saved steps").
    .refine((s) => (s.version === 3) === (typeof s.state.step === 'string'), {
      message:
        "The step does not match the saved state's version: its id in version 3, its number in version 2",
      path: ['state', 'step'],
    })
    .refine((s) => JSON.stringify(s).length <= FINISH_LATER_MAX_BYTES, {
      message: `The sign-up is too large to save (at most ${FINISH_LATER_MAX_BYTES} bytes)`,
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
