import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema.ts';
import { inTransaction } from '../db/transactions.ts';
import { recordLeadEvent, recordNeedsAttention, type EventSource } from './events.ts';
import { takeOldNotifications } from './repository.ts';

/**
 * During a rolling upgrade to migration 026 an older instance still writes its lead and
 * needs-attention notifications to `ops_notifications` (docs/deploy.md, Upgrades). Each worker
 * round first turns such rows into events as this version makes them (the lead or order as it is,
 * numbered after its last event, delivered to every endpoint that takes the type), dated when the
 * old instance wrote them, in one transaction per batch: nothing an old instance writes is lost.
 * Answers how many rows it took.
 */
export async function carryOverOldNotifications(
  db: Kysely<Schema>,
  source: EventSource,
): Promise<number> {
  return inTransaction(db, async (trx) => {
    const rows = await takeOldNotifications(trx, 20);
    for (const row of rows) {
      const at = { ...source, now: () => row.created_at };
      const { order_id: orderId, lead_id: leadId } = row.payload;
      if (row.kind === 'lead.created' && typeof leadId === 'string')
        await recordLeadEvent(trx, at, leadId, 'lead.created');
      if (row.kind === 'order.needs_attention' && typeof orderId === 'string')
        await recordNeedsAttention(trx, at, [orderId]);
    }
    return rows.length;
  });
}
