import { z } from 'zod';
import { AU_STATES } from '../shared/states.ts';
import { text } from '../shared/text.ts';
import { API_KEY_SCOPES } from './admin.ts';
import { isoWithOffset } from './scheduling-input.ts';

/** POST /admin/api/session: an operator's email and password (docs/rules/operators.md). */
export const signInSchema = z.object({
  email: z.string().trim().min(3).max(254),
  password: z.string().min(1).max(1024),
});
export type SignIn = z.infer<typeof signInSchema>;

/** POST /admin/api/operators/:email/unlock: the account's email. */
export const operatorEmailParams = z.object({ email: z.string().trim().min(3).max(254) });

/** How many rows a console list answers at most, and by default (docs/rules/operators.md). */
export const ADMIN_PAGE_MAX = 100;
export const ADMIN_PAGE_DEFAULT = 25;

const page = {
  limit: z.coerce.number().int().min(1).max(ADMIN_PAGE_MAX).default(ADMIN_PAGE_DEFAULT),
  /** The `nextCursor` of the page before: where the next page starts. */
  cursor: text(200).optional(),
};

/** An order's status, as the console filters by it. */
export const orderStatusFilter = z.enum(['pending', 'confirmed', 'needs_attention', 'cancelled']);

/**
 * GET /admin/api/orders: `q` is found in the customer's name, email, mobile (with or without
 * spaces, as 04… or +614…), the address or the order id, ignoring case; `from` and `to` bound the
 * order's creation (from inclusive, to exclusive), each an instant with its offset.
 */
export const adminOrdersQuery = z.object({
  q: text(200).optional(),
  status: orderStatusFilter.optional(),
  from: isoWithOffset.optional(),
  to: isoWithOffset.optional(),
  ...page,
});
export type AdminOrdersQuery = z.output<typeof adminOrdersQuery>;

/** GET /admin/api/orders/:id: the order's id. */
export const adminOrderParams = z.object({ id: text(100) });

/** GET /admin/api/leads: newest first, a page at a time. */
export const adminLeadsQuery = z.object({ ...page });

/** POST /admin/api/orders/:id/resolve: what the operator did, kept in the order's history. */
export const resolveOrderBody = z.object({
  note: text(1000, { multiline: true }).pipe(z.string().min(1, 'is required')),
});
export type ResolveOrderBody = z.infer<typeof resolveOrderBody>;

/** POST /admin/api/orders/:id/cancel: why, optionally, kept in the order's history. */
export const cancelOrderBody = z.object({ note: text(1000, { multiline: true }).optional() });
export type CancelOrderBody = z.infer<typeof cancelOrderBody>;

/**
 * POST /admin/api/orders/:id/service: where the service is now, after installation
 * (docs/rules/orders.md#service-status), with an optional note.
 */
export const serviceStatusBody = z.object({
  status: z.enum(['installed', 'active', 'cancelled']),
  note: text(1000, { multiline: true }).optional(),
});
export type ServiceStatusBody = z.infer<typeof serviceStatusBody>;

/** GET /admin/api/schedule: a state and a calendar day in its zone, YYYY-MM-DD. */
export const adminScheduleQuery = z.object({
  state: z.enum(AU_STATES),
  date: z.iso.date(),
});
export type AdminScheduleQuery = z.output<typeof adminScheduleQuery>;

/** DELETE /admin/api/holds/:id: the hold's reservation id. */
export const adminHoldParams = z.object({ id: text(100) });

/** POST and DELETE /admin/api/leads/:id/contacted: the lead's id. */
export const adminLeadParams = z.object({ id: text(100) });

/** GET /admin/api/mail: customer mail, newest first, a page at a time; one order's with `orderId`. */
export const adminMailQuery = z.object({ orderId: text(100).optional(), ...page });
export type AdminMailQuery = z.output<typeof adminMailQuery>;

/**
 * GET /admin/api/orders/changes and /admin/api/leads/changes (docs/rules/operators.md#api-keys):
 * rows changed since `updated_since` (an instant with its offset; all rows without it), in the
 * order they were changed, continued with the answer's `nextCursor`.
 */
export const adminChangesQuery = z.object({
  updated_since: isoWithOffset.optional(),
  ...page,
});
export type AdminChangesQuery = z.output<typeof adminChangesQuery>;

/** An API key's name: 1 to 60 characters, unique among the keys not revoked. */
export const apiKeyName = text(60).pipe(z.string().min(1, 'is required'));

/**
 * POST /admin/api/keys: a new key's name, role and scopes (docs/rules/operators.md#api-keys). With
 * no scopes the key reads only; `orders:read` is always given. A viewer key takes no other scope.
 */
export const createApiKeyBody = z.object({
  name: apiKeyName,
  role: z.enum(['manager', 'viewer'], { error: 'must be viewer or manager' }),
  scopes: z
    .array(z.enum(API_KEY_SCOPES, { error: `must each be one of ${API_KEY_SCOPES.join(', ')}` }))
    .max(API_KEY_SCOPES.length * 2, 'lists too many scopes')
    .optional(),
});
export type CreateApiKeyBody = z.infer<typeof createApiKeyBody>;

/** DELETE /admin/api/keys/:id: the key's id. */
export const apiKeyParams = z.object({ id: text(100) });
