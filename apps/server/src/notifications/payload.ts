import type { Transaction } from 'kysely';
import type { Schema } from '../db/schema.ts';
import type { NewLead } from '../db/schema.ts';
import { attentionDetails, enqueueNotification } from './repository.ts';

/**
 * What a notification tells staff (docs/rules/notifications.md): enough to act on, never card data
 * (no token, no billing reference).
 */

/** A new lead: who, where, and what they wrote. */
export async function notifyLeadCreated(
  trx: Transaction<Schema>,
  lead: NewLead,
  id: string,
): Promise<void> {
  await enqueueNotification(trx, {
    id,
    kind: 'lead.created',
    createdAt: lead.created_at,
    payload: {
      lead_id: lead.id,
      first_name: lead.first_name,
      last_name: lead.last_name,
      email: lead.email,
      phone: lead.phone,
      address: lead.formatted_address,
      message: lead.message,
    },
  });
}

/**
 * Orders just kept as needs_attention, in the transaction that marked them: each gets one
 * notification with its reason, the customer, the address and the booked window. `unit` is the
 * unit the visitor named, when the caller knows it (the building's address has none).
 */
export async function notifyNeedsAttention(
  trx: Transaction<Schema>,
  orders: Array<{ orderId: string; unit?: string }>,
  now: Date,
  newId: () => string,
): Promise<void> {
  const units = new Map(orders.map((o) => [o.orderId, o.unit]));
  const rows = await attentionDetails(
    trx,
    orders.map((o) => o.orderId),
  );
  for (const row of rows) {
    const contact = row.contact;
    const text = (key: string) => (typeof contact[key] === 'string' ? contact[key] : null);
    const unit = units.get(row.id);
    await enqueueNotification(trx, {
      id: newId(),
      kind: 'order.needs_attention',
      createdAt: now,
      payload: {
        order_id: row.id,
        reason: row.attention_reason,
        customer: {
          first_name: text('firstName'),
          last_name: text('lastName'),
          email: row.email,
          mobile: text('phone'),
        },
        address: {
          unit: unit && unit !== '0' ? unit : null,
          formatted_address: row.formatted_address,
          building_code: row.building_code,
        },
        window: {
          state: row.state,
          starts_at: row.starts_at.toISOString(),
          ends_at: row.ends_at.toISOString(),
        },
      },
    });
  }
}
