import * as z from 'zod/mini';
import { adminLead, adminOrderStatus } from './admin.ts';

/*
 * The console's answers about one person's data (docs/rules/personal-data-requests.md), zod/mini
 * like every answer.
 */

const window = z.nullable(z.object({ start: z.string(), end: z.string() }));

/** One of the person's orders: contact, what was bought, and whether it may be erased. */
export const personalDataOrder = z.object({
  id: z.string(),
  created: z.string(),
  status: adminOrderStatus,
  customer: z.object({
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    mobile: z.nullable(z.string()),
  }),
  address: z.nullable(z.string()),
  planId: z.string(),
  /** The plan's name as sold (docs/rules/orders.md#what-an-order-was-sold). */
  planName: z.string(),
  monthlyCents: z.number(),
  activationCents: z.number(),
  cardFeeCents: z.number(),
  window,
  /** The acceptance record (migration 021), null for orders placed before it. */
  acceptance: z.unknown(),
  /** The client address the order came from, until retention or an erasure clears it. */
  clientAddress: z.nullable(z.string()),
  erasable: z.boolean(),
  /** Why an order that may not be erased is kept; null when it may be. */
  keptBecause: z.nullable(z.string()),
  /** The export only: what the install kept, the embedded ledger's customer and calendar booking. */
  installFacts: z.optional(z.unknown()),
  /** The export only: what the order was sold, its plan, router and add-ons as priced then. */
  sold: z.optional(z.unknown()),
  billingCustomers: z.optional(z.array(z.unknown())),
  bookings: z.optional(z.array(z.unknown())),
});
export type PersonalDataOrder = z.infer<typeof personalDataOrder>;

export const personalDataMail = z.object({
  id: z.string(),
  kind: z.string(),
  orderId: z.nullable(z.string()),
  recipient: z.string(),
  subject: z.string(),
  created: z.string(),
  deliveredAt: z.nullable(z.string()),
  /** The export only: the plain text as stored. */
  textBody: z.optional(z.string()),
});

export const personalDataHold = z.object({
  reservationId: z.string(),
  orderId: z.nullable(z.string()),
  status: z.string(),
  created: z.string(),
  expiresAt: z.string(),
  endedAt: z.nullable(z.string()),
  clientAddress: z.nullable(z.string()),
  window,
});

export const personalDataAudit = z.object({
  at: z.string(),
  operator: z.string(),
  action: z.string(),
  subjectType: z.string(),
  subjectId: z.nullable(z.string()),
  before: z.unknown(),
  after: z.unknown(),
});

/**
 * A sign-up saved to finish later, or for the reminder (docs/rules/mail.md): what was agreed and
 * when, and its dates; never a link's token or its hash.
 */
export const personalDataSavedSignup = z.object({
  id: z.string(),
  created: z.string(),
  expiresAt: z.string(),
  email: z.string(),
  firstName: z.string(),
  /** The consent record: the words shown, whether the marketing box was ticked, and when. */
  consent: z.object({ words: z.string(), marketing: z.boolean(), at: z.string() }),
  unsubscribedAt: z.nullable(z.string()),
  /** Whether its one reminder was queued. */
  reminded: z.boolean(),
  /** The export only: the saved choices (the wizard's state, less card data and the hold). */
  choices: z.optional(z.unknown()),
});

const held = {
  /** Whom this is about, as asked (the mobile in its stored form). */
  person: z.object({ email: z.nullable(z.string()), mobile: z.nullable(z.string()) }),
  orders: z.array(personalDataOrder),
  leads: z.array(adminLead),
  mail: z.array(personalDataMail),
  holds: z.array(personalDataHold),
  audit: z.array(personalDataAudit),
  /** Sign-ups saved to finish later or for the reminder, by the email only. */
  savedSignups: z.array(personalDataSavedSignup),
};

/** GET /admin/api/personal-data: everything held about the person, grouped. */
export const personalDataAnswer = z.object(held);
export type PersonalDataAnswer = z.infer<typeof personalDataAnswer>;

/** GET /admin/api/personal-data/export: the same in full, as one JSON file (APP 12). */
export const personalDataExport = z.object({
  ...held,
  exportedAt: z.string(),
  exportedBy: z.string(),
  /** The ops notifications that carried the person's details to staff. */
  notifications: z.array(z.unknown()),
});
export type PersonalDataExport = z.infer<typeof personalDataExport>;

/** What an outside part (or its embedded twin) was told of a correction, per order. */
export const personalDataToldAdapter = z.object({
  orderId: z.string(),
  adapter: z.enum(['billing', 'installer task']),
  outcome: z.enum(['recorded', 'updated', 'not_supported', 'failed']),
  message: z.string(),
});

/** POST /admin/api/personal-data/correct (APP 13). */
export const personalDataCorrectAnswer = z.object({
  orders: z.array(z.string()),
  leads: z.array(z.string()),
  /** The sign-ups saved to finish later (found by the email), corrected too. */
  savedSignups: z.array(z.string()),
  /** Mail not yet sent, now addressed to the corrected email. */
  mail: z.number(),
  told: z.array(personalDataToldAdapter),
});
export type PersonalDataCorrectAnswer = z.infer<typeof personalDataCorrectAnswer>;

/** POST /admin/api/personal-data/erase. */
export const personalDataEraseAnswer = z.object({
  orders: z.array(z.string()),
  leads: z.array(z.string()),
  mail: z.number(),
  holds: z.number(),
  notifications: z.number(),
  /** The sign-ups saved to finish later (found by the email), deleted with their links. */
  savedSignups: z.number(),
  kept: z.array(z.object({ orderId: z.string(), reason: z.string() })),
  /** What an outside installer task service said when its copy of an erased order was cleared. */
  told: z.array(personalDataToldAdapter),
});
export type PersonalDataEraseAnswer = z.infer<typeof personalDataEraseAnswer>;
