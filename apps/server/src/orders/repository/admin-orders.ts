import { normaliseOrderReference } from '@fibre/domain/install';
import { sql, type Kysely } from 'kysely';
import type { Schema } from '../../db/schema.ts';
import type { ChangeStart, PageStart } from '../../http/paging.ts';
import { ORDER_PURCHASE_COLUMNS, ORDER_UNIT } from '../../db/order-reads.ts';

/**
 * The only SQL of the operator console's reads: orders searched and shown
 * (docs/rules/operators.md#reading). Pages run newest first on (created_at, id), so a page never
 * repeats or skips a row however many arrive meanwhile.
 */

export interface OrderSearch {
  q?: string | undefined;
  status?: Schema['orders']['status'] | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  limit: number;
  after?: PageStart | undefined;
}

/** `%text%` for LIKE, with LIKE's own characters taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The forms a mobile is found by: it is stored as +61412345678 (docs/rules/contact-and-connection.md),
 * and typed as 0412 345 678, 61412345678 or +61 412 345 678. None when the text is not digits.
 */
export function mobileForms(q: string): string[] {
  const compact = q.replace(/[\s()-]/g, '');
  if (!/^\+?\d{3,}$/.test(compact)) return [];
  if (compact.startsWith('+')) return [compact];
  if (compact.startsWith('0')) return [`+61${compact.slice(1)}`];
  if (compact.startsWith('61')) return [`+${compact}`, compact];
  return [compact];
}

function orderRows(db: Kysely<Schema>) {
  return db
    .selectFrom('orders')
    .leftJoin('buildings', 'buildings.code', 'orders.building_code')
    .leftJoin('reservations', 'reservations.reservation_id', 'orders.reservation_id')
    .leftJoin('slot_windows', 'slot_windows.id', 'reservations.window_id')
    .select([
      'orders.id',
      'orders.reference',
      'orders.created_at',
      'orders.status',
      'orders.email',
      'orders.contact',
      'orders.building_code',
      ...ORDER_PURCHASE_COLUMNS,
      'orders.billing_customer_ref',
      'orders.billing_subscription_ref',
      'orders.task_ref',
      'orders.attention_reason',
      'orders.move_in',
      'buildings.formatted_address',
      ORDER_UNIT,
      'slot_windows.starts_at',
      'slot_windows.ends_at',
      'slot_windows.state as window_state',
    ]);
}

export type AdminOrderRow = Awaited<ReturnType<ReturnType<typeof orderRows>['execute']>>[number];

export type AdminOrderDetailRow = AdminOrderRow & {
  acceptance: Record<string, unknown> | null;
  client_address: string | null;
  service_status: 'installed' | 'active' | 'cancelled' | null;
  service_note: string | null;
  service_changed_at: Date | null;
};

/** Orders matching the search, newest first: at most `limit`, after `after`. */
export async function searchOrders(
  db: Kysely<Schema>,
  search: OrderSearch,
): Promise<AdminOrderRow[]> {
  let query = orderRows(db);
  if (search.q) {
    const like = containing(search.q);
    const mobiles = mobileForms(search.q);
    // A reference as typed ('k7qd 9xwm', O for 0): docs/rules/orders.md#the-order-reference.
    const reference = normaliseOrderReference(search.q);
    query = query.where((eb) =>
      eb.or([
        eb(sql<string>`lower(orders.id)`, 'like', like.toLowerCase()),
        eb('orders.reference', 'ilike', like),
        ...(reference ? [eb('orders.reference', '=', reference)] : []),
        eb('orders.email', 'ilike', like),
        eb(
          sql<string>`(orders.contact->>'firstName') || ' ' || (orders.contact->>'lastName')`,
          'ilike',
          like,
        ),
        eb('buildings.formatted_address', 'ilike', like),
        ...mobiles.map((m) => eb(sql<string>`orders.contact->>'phone'`, 'like', containing(m))),
      ]),
    );
  }
  if (search.status) query = query.where('orders.status', '=', search.status);
  if (search.from) query = query.where('orders.created_at', '>=', search.from);
  if (search.to) query = query.where('orders.created_at', '<', search.to);
  const after = search.after;
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('orders.created_at', '<', after.created),
        eb.and([eb('orders.created_at', '=', after.created), eb('orders.id', '<', after.id)]),
      ]),
    );
  }
  return query
    .orderBy('orders.created_at', 'desc')
    .orderBy('orders.id', 'desc')
    .limit(search.limit)
    .execute();
}

export async function findAdminOrder(
  db: Kysely<Schema>,
  id: string,
): Promise<AdminOrderDetailRow | undefined> {
  return orderRows(db)
    .select([
      'orders.acceptance',
      'orders.client_address',
      'orders.service_status',
      'orders.service_note',
      'orders.service_changed_at',
    ])
    .where('orders.id', '=', id)
    .executeTakeFirst();
}

/**
 * Orders changed since `since`, in the order of the transaction that wrote them, then id: at most
 * `limit`, after `after`. Only rows written by a transaction older than every one still running
 * are answered, so one that commits late cannot land behind a cursor already given
 * (docs/decisions/026-api-keys.md).
 */
export async function orderChanges(
  db: Kysely<Schema>,
  search: { since?: Date | undefined; after?: ChangeStart | undefined; limit: number },
) {
  let query = orderRows(db)
    .select(['orders.updated_at', sql<string>`orders.change_xid::text`.as('change_xid')])
    .where(sql<boolean>`orders.change_xid < pg_snapshot_xmin(pg_current_snapshot())`);
  if (search.since) query = query.where('orders.updated_at', '>=', search.since);
  const after = search.after;
  if (after)
    query = query.where(
      sql<boolean>`(orders.change_xid, orders.id) > (${after.xid}::xid8, ${after.id})`,
    );
  return query.orderBy('orders.change_xid').orderBy('orders.id').limit(search.limit).execute();
}
