import * as z from 'zod/mini';
import { CARD_SCHEMES } from '../shared/card-schemes.ts';
import { acceptanceRecordAnswer } from './acceptance.ts';

/*
 * The operator console's answers (docs/rules/operators.md), zod/mini like every answer. They live
 * in their own file: the wizard never imports them.
 */

export const operatorRole = z.enum(['manager', 'viewer']);
export type OperatorRole = z.infer<typeof operatorRole>;

/** An operator as the console shows who is signed in. */
export const operatorAnswer = z.object({ email: z.string(), role: operatorRole });

/**
 * POST and GET /admin/api/session: who is signed in, the token every change must send in
 * X-CSRF-Token, and when the session ends at the latest (ISO 8601).
 */
export const adminSessionAnswer = z.object({
  operator: operatorAnswer,
  csrfToken: z.string(),
  expiresAt: z.string(),
});
export type AdminSessionAnswer = z.infer<typeof adminSessionAnswer>;

/** GET /admin/api/operators: every account, by email. */
export const operatorsAnswer = z.object({
  operators: z.array(z.object({ email: z.string(), role: operatorRole, createdAt: z.string() })),
});
export type OperatorsAnswer = z.infer<typeof operatorsAnswer>;

/** An order's status; `cancelled` only ever by an operator (docs/rules/operators.md#acting-on-orders). */
export const adminOrderStatus = z.enum(['pending', 'confirmed', 'needs_attention', 'cancelled']);
const orderStatus = adminOrderStatus;

/** An installation window: when the crew comes (ISO 8601), in the building's state. */
const adminWindow = z.nullable(z.object({ start: z.string(), end: z.string(), state: z.string() }));

const customer = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  mobile: z.nullable(z.string()),
});

/** One row of GET /admin/api/orders. */
export const adminOrderSummary = z.object({
  id: z.string(),
  /** The order's short reference ('K7QD-9XWM'); null only for an order without one. */
  reference: z.nullable(z.string()),
  created: z.string(),
  status: orderStatus,
  customer,
  address: z.string(),
  plan: z.string(),
  window: adminWindow,
  monthlyCents: z.number(),
  /** Why a needs_attention order was kept; null for any other. */
  attentionReason: z.nullable(z.string()),
  /** Placed for a unit that already had an active order (docs/rules/contact-and-connection.md). */
  moveIn: z.boolean(),
});

/** GET /admin/api/orders: newest first; `nextCursor` asks for the next page, null on the last. */
export const adminOrdersAnswer = z.object({
  items: z.array(adminOrderSummary),
  nextCursor: z.nullable(z.string()),
});
export type AdminOrdersAnswer = z.infer<typeof adminOrdersAnswer>;

/** One audit record as the console shows it: who, when, what, before and after. */
export const adminHistoryEntry = z.object({
  at: z.string(),
  operator: z.string(),
  action: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});

/**
 * GET /admin/api/orders/:id: what was bought and at what price, as the order stored them (cents),
 * the window, the billing and scheduling references, and its history, newest first.
 */
export const adminOrderAnswer = z.object({
  id: z.string(),
  /** The order's short reference ('K7QD-9XWM'); null only for an order without one. */
  reference: z.nullable(z.string()),
  created: z.string(),
  status: orderStatus,
  attentionReason: z.nullable(z.string()),
  /** Placed for a unit that already had an active order (docs/rules/contact-and-connection.md). */
  moveIn: z.boolean(),
  customer,
  address: z.string(),
  buildingCode: z.string(),
  plan: z.object({ id: z.string(), name: z.string() }),
  router: z.object({ id: z.string(), name: z.string() }),
  addOns: z.array(z.string()),
  coupon: z.nullable(z.string()),
  price: z.object({
    monthlyCents: z.number(),
    activationCents: z.number(),
    /** The card fee on each monthly charge, and on the first payment; the card's scheme. */
    cardFeeCents: z.number(),
    firstPaymentFeeCents: z.number(),
    cardScheme: z.nullable(z.enum(CARD_SCHEMES)),
  }),
  window: adminWindow,
  references: z.object({
    billingCustomer: z.nullable(z.string()),
    billingSubscription: z.nullable(z.string()),
    schedulingTask: z.nullable(z.string()),
  }),
  history: z.array(adminHistoryEntry),
  /** What the visitor was shown and agreed to; null for orders placed before it was kept. */
  acceptance: z.nullable(acceptanceRecordAnswer),
  /** The client address the order came from, until retention clears it. */
  clientAddress: z.nullable(z.string()),
  /** Where the service is after installation (docs/rules/orders.md#service-status). */
  service: z.object({
    status: z.nullable(z.enum(['installed', 'active', 'cancelled'])),
    note: z.nullable(z.string()),
    changed: z.nullable(z.string()),
  }),
});
export type AdminOrderAnswer = z.infer<typeof adminOrderAnswer>;

/** One lead as the console lists it. */
export const adminLead = z.object({
  id: z.string(),
  created: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.nullable(z.string()),
  address: z.string(),
  message: z.nullable(z.string()),
  /** When an operator marked the lead contacted, and who; null until then. */
  contactedAt: z.nullable(z.string()),
  contactedBy: z.nullable(z.string()),
});
export type AdminLead = z.infer<typeof adminLead>;

/**
 * POST /admin/api/orders/:id/link (docs/rules/operators.md#acting-on-orders): a new link to the
 * customer's order page, shown once to the manager who asked, and the order as it is afterwards
 * (its history records that a link was shown).
 */
export const adminOrderLinkAnswer = z.object({
  /** The absolute link, PUBLIC_URL + /order/<token>; never stored, never answered again. */
  link: z.string(),
  order: adminOrderAnswer,
});
export type AdminOrderLinkAnswer = z.infer<typeof adminOrderLinkAnswer>;

/** GET /admin/api/leads: newest first, a page at a time. */
export const adminLeadsAnswer = z.object({
  items: z.array(adminLead),
  nextCursor: z.nullable(z.string()),
});
export type AdminLeadsAnswer = z.infer<typeof adminLeadsAnswer>;

/*
 * Acting on orders (docs/rules/operators.md#acting-on-orders): POST /admin/api/orders/:id/retry, /resolve and
 * /cancel each answer the order as it is afterwards (adminOrderAnswer, its history included).
 */

/** One crew's window on a day: booked (an order), held (a live hold) or free. */
export const adminScheduleSlot = z.object({
  start: z.string(),
  end: z.string(),
  status: z.enum(['booked', 'held', 'free']),
  /** The booked order's id; null unless booked. */
  orderId: z.nullable(z.string()),
  /** The hold or booking's reservation id; null when free. */
  reservationId: z.nullable(z.string()),
  /** When a live hold expires; null unless held. */
  expiresAt: z.nullable(z.string()),
});

/**
 * GET /admin/api/schedule?state=&date=: each crew of the state working that day (its zone's
 * calendar day), with each of its windows in time order.
 */
export const adminScheduleAnswer = z.object({
  state: z.string(),
  date: z.string(),
  zone: z.string(),
  crews: z.array(z.object({ id: z.string(), name: z.string(), slots: z.array(adminScheduleSlot) })),
});
export type AdminScheduleAnswer = z.infer<typeof adminScheduleAnswer>;

/** One live hold: not released, not booked, not yet expired. */
export const adminHold = z.object({
  reservationId: z.string(),
  state: z.string(),
  crew: z.object({ id: z.string(), name: z.string() }),
  window: z.object({ start: z.string(), end: z.string() }),
  created: z.string(),
  expiresAt: z.string(),
});

/** GET /admin/api/holds: every live hold, soonest expiry first. */
export const adminHoldsAnswer = z.object({ items: z.array(adminHold) });
export type AdminHoldsAnswer = z.infer<typeof adminHoldsAnswer>;

/** GET /admin/api/offers: the provider's coupons and campaigns, with how many orders used each. */
export const adminOffersAnswer = z.object({
  coupons: z.array(
    z.object({
      id: z.string(),
      /** Dollars off, percent off, or months free, as the coupon gives it: '$10 off for 3 months'. */
      description: z.string(),
      retired: z.boolean(),
      orders: z.number(),
    }),
  ),
  campaigns: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      couponCode: z.string(),
      starts: z.string(),
      ends: z.string(),
      retired: z.boolean(),
      buildings: z.number(),
      orders: z.number(),
    }),
  ),
});
export type AdminOffersAnswer = z.infer<typeof adminOffersAnswer>;

/**
 * GET /admin/api/mail (docs/rules/operator-console.md): one customer mail in the outbox. The text
 * preview is the stored text, with `%ORDER_LINK%` where the order page's link goes: the link's
 * token is never shown.
 */
export const adminMail = z.object({
  id: z.string(),
  kind: z.enum([
    'order.confirmation',
    'order.rescheduled',
    'order.cancelled',
    'order.reminder',
    // Finish later (docs/rules/mail.md#finish-later).
    'signup.link',
    'signup.reminder',
  ]),
  orderId: z.nullable(z.string()),
  recipient: z.string(),
  subject: z.string(),
  createdAt: z.string(),
  deliveredAt: z.nullable(z.string()),
  attempts: z.number(),
  /** When the sender tries again; null once sent or given up. */
  nextAttemptAt: z.nullable(z.string()),
  lastError: z.nullable(z.string()),
  textPreview: z.string(),
});
export type AdminMail = z.infer<typeof adminMail>;

export const adminMailAnswer = z.object({
  items: z.array(adminMail),
  nextCursor: z.nullable(z.string()),
  /** False when no mail server is set (SMTP_URL): mail waits in the outbox, unsent. */
  sending: z.boolean(),
});
export type AdminMailAnswer = z.infer<typeof adminMailAnswer>;

/**
 * One row of the change lists (docs/rules/operators.md#api-keys): the list's row and when it was
 * last written (`updated`, the database's clock). `erased` is true for a person's erased order or
 * lead (docs/rules/personal-data-requests.md#erase): its personal fields are null, and a copy
 * synced from the list deletes its own.
 */
export const adminOrderChange = z.extend(adminOrderSummary, {
  updated: z.string(),
  erased: z.boolean(),
  /** Null when erased. */
  customer: z.nullable(customer),
  /** Null when erased. */
  address: z.nullable(z.string()),
});
export const adminLeadChange = z.extend(adminLead, {
  updated: z.string(),
  erased: z.boolean(),
  /** The five below are null when erased, as are phone, message, contactedAt and contactedBy. */
  firstName: z.nullable(z.string()),
  lastName: z.nullable(z.string()),
  email: z.nullable(z.string()),
  address: z.nullable(z.string()),
});

/**
 * GET /admin/api/orders/changes and /admin/api/leads/changes: the rows in the order they were
 * changed. `nextCursor` continues after the last row (null only when nothing was listed and no
 * cursor was given); `more` says whether rows already wait after it.
 */
export const adminOrderChangesAnswer = z.object({
  items: z.array(adminOrderChange),
  nextCursor: z.nullable(z.string()),
  more: z.boolean(),
});
export type AdminOrderChangesAnswer = z.infer<typeof adminOrderChangesAnswer>;
export const adminLeadChangesAnswer = z.object({
  items: z.array(adminLeadChange),
  nextCursor: z.nullable(z.string()),
  more: z.boolean(),
});
export type AdminLeadChangesAnswer = z.infer<typeof adminLeadChangesAnswer>;

/**
 * What an API key may do besides its role (docs/rules/operators.md#api-keys,
 * docs/decisions/026-api-keys.md): every key reads orders and leads (`orders:read`); a manager key
 * acts on orders and leads only with `orders:act`, and adds, disables, enables webhook endpoints
 * and resends deliveries only with `webhooks:manage`. Minting an order page's link, unlocking an
 * operator and managing keys take a person's session: no scope gives them to a key.
 */
export const API_KEY_SCOPES = ['orders:read', 'orders:act', 'webhooks:manage'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];
export const apiKeyScope = z.enum(API_KEY_SCOPES);

/** An API key as the console lists it: never its text, only the first characters. */
export const apiKeyAnswer = z.object({
  id: z.string(),
  name: z.string(),
  role: operatorRole,
  /** Always `orders:read`, then those given when it was made, in API_KEY_SCOPES's order. */
  scopes: z.array(apiKeyScope),
  prefix: z.string(),
  createdAt: z.string(),
  createdBy: z.string(),
  lastUsedAt: z.nullable(z.string()),
  revokedAt: z.nullable(z.string()),
  revokedBy: z.nullable(z.string()),
});
export type ApiKeyAnswer = z.infer<typeof apiKeyAnswer>;

/** GET /admin/api/keys: every key, the live ones first, newest first. */
export const apiKeysAnswer = z.object({ keys: z.array(apiKeyAnswer) });
export type ApiKeysAnswer = z.infer<typeof apiKeysAnswer>;

/** POST /admin/api/keys: the key made, and its text, answered this once. */
export const createdApiKeyAnswer = z.object({ key: z.string(), apiKey: apiKeyAnswer });
export type CreatedApiKeyAnswer = z.infer<typeof createdApiKeyAnswer>;

/**
 * DELETE /admin/api/keys/:id: the key, revoked, and the webhook endpoints it had added, disabled
 * with it (docs/rules/webhooks.md#endpoints).
 */
export const revokedApiKeyAnswer = z.object({
  ...apiKeyAnswer.shape,
  disabledEndpoints: z.array(z.object({ id: z.string(), url: z.string() })),
});
export type RevokedApiKeyAnswer = z.infer<typeof revokedApiKeyAnswer>;
