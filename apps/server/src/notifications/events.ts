import { storedCardFees } from '@fibre/domain/pricing';
import type { DomainConfig } from '@fibre/domain/shared';
import type { Transaction } from 'kysely';
import { soldCents, soldOf, type Sold } from '../catalogue/index.ts';
import type { Config } from '../config.ts';
import type { NewLead, Schema } from '../db/schema.ts';
import type { EventType } from '../db/tables/notifications.ts';
import {
  insertEvent,
  leadForEvent,
  nextLeadSequence,
  nextOrderSequence,
  orderForEvent,
  subscribedEndpoints,
} from './repository.ts';

/**
 * Events (docs/rules/webhooks.md): each is written in the transaction of the change it reports,
 * numbered per order or lead, with one delivery per endpoint that takes its type. What an event's
 * data holds is its version-1 shape there; never card data (no token, no billing reference).
 */

/** What writing an event needs of the app: its clock, ids, and whether OPS_WEBHOOK_URL is set. */
export interface EventSource {
  config: Pick<Config, 'keys'>;
  now: () => Date;
  newId: () => string;
  /** The served catalogue: its rules price the add-ons of an order placed before 040 (soldOf). */
  catalogue: { current(): { domain: DomainConfig } };
}

/** The endpoint OPS_WEBHOOK_URL and OPS_WEBHOOK_SECRET make (not a row of webhook_endpoints). */
export const CONFIGURED_ENDPOINT = 'configured';

export const configuredEndpoint = (config: Pick<Config, 'keys'>) =>
  config.keys.OPS_WEBHOOK_URL && config.keys.OPS_WEBHOOK_SECRET
    ? { url: config.keys.OPS_WEBHOOK_URL, secret: config.keys.OPS_WEBHOOK_SECRET }
    : undefined;

/** Who made a change an event reports: the customer (order page), an operator, or a key. */
export type EventActor =
  { kind: 'customer' } | { kind: 'operator'; email: string } | { kind: 'system' };

const actorData = (actor: EventActor) =>
  actor.kind === 'operator' ? { kind: 'operator', email: actor.email } : { kind: actor.kind };

/** What each order event adds to the order's own fields. */
export type OrderChange =
  | { type: 'order.confirmed' }
  | { type: 'order.needs_attention'; reason: string | null }
  | { type: 'order.resolved'; by: EventActor; how: 'marked_resolved' | 'retried'; note?: string }
  | {
      type: 'order.rescheduled';
      by: EventActor;
      previousWindow: { starts_at: Date; ends_at: Date };
    }
  | { type: 'order.cancelled'; by: EventActor; note?: string }
  | {
      type: 'order.service_changed';
      by: EventActor;
      previous: string | null;
      note: string | null;
    };

function changeData(change: OrderChange): Record<string, unknown> {
  switch (change.type) {
    case 'order.confirmed':
      return {};
    case 'order.needs_attention':
      return { reason: change.reason };
    case 'order.resolved':
      return {
        resolved_by: actorData(change.by),
        resolution: change.how,
        note: change.note ?? null,
      };
    case 'order.rescheduled':
      return {
        rescheduled_by: actorData(change.by),
        previous_window: {
          starts_at: change.previousWindow.starts_at.toISOString(),
          ends_at: change.previousWindow.ends_at.toISOString(),
        },
      };
    case 'order.cancelled':
      return { cancelled_by: actorData(change.by), note: change.note ?? null };
    case 'order.service_changed':
      return {
        changed_by: actorData(change.by),
        previous_service_status: change.previous,
        note: change.note,
      };
  }
}

const text = (contact: Record<string, unknown>, key: string) =>
  typeof contact[key] === 'string' ? contact[key] : null;

/**
 * An order event, in the change's transaction: the order's next sequence number (its row locked
 * until the commit), the order as it is now, and what changed. `unit` is the unit the visitor
 * named when the caller knows it better than the stored facts (the install).
 */
export async function recordOrderEvent(
  trx: Transaction<Schema>,
  source: EventSource,
  orderId: string,
  change: OrderChange,
): Promise<void> {
  const sequence = await nextOrderSequence(trx, orderId);
  const order = await orderForEvent(trx, orderId);
  if (sequence === undefined || !order) return;
  const unit = order.unit && order.unit !== '0' ? order.unit : null;
  await writeEvent(trx, source, {
    type: change.type,
    orderId,
    leadId: null,
    sequence,
    data: {
      order_id: order.id,
      reference: order.reference,
      sequence,
      status: order.status,
      service_status: order.service_status,
      created_at: order.created_at.toISOString(),
      customer: {
        first_name: text(order.contact, 'firstName'),
        last_name: text(order.contact, 'lastName'),
        email: order.email,
        mobile: text(order.contact, 'phone'),
      },
      address: {
        unit,
        formatted_address: order.formatted_address,
        building_code: order.building_code,
      },
      plan_id: order.plan_id,
      router_id: order.router_id,
      add_ons: order.add_ons,
      sold: soldData(soldOf(order, source.catalogue.current().domain)),
      prices: {
        monthly_cents: order.monthly_cents,
        activation_cents: order.activation_cents,
        card_fee_cents: order.card_fee_cents,
        ...storedCardFees(order),
      },
      window: order.starts_at
        ? {
            state: order.state,
            starts_at: order.starts_at.toISOString(),
            ends_at: order.ends_at?.toISOString() ?? null,
          }
        : null,
      ...changeData(change),
    },
  });
}

/** The sold record as the payload spells it (api/webhook-events.ts). */
function soldData({ catalogueVersion, plan, router, addOns }: Sold) {
  return {
    catalogue_version: catalogueVersion,
    plan: {
      id: plan.id,
      name: plan.name,
      speed: plan.speed,
      busy_hour_speed: plan.busyHourSpeed,
      monthly_cents: soldCents(plan.cost),
    },
    router: { id: router.id, name: router.name, monthly_cents: soldCents(router.cost) },
    add_ons: addOns,
  };
}

/** Orders just kept as needs_attention, each with its event, in the transaction that marked them. */
export async function recordNeedsAttention(
  trx: Transaction<Schema>,
  source: EventSource,
  orderIds: string[],
): Promise<void> {
  for (const orderId of orderIds) {
    const reason = (await orderForEvent(trx, orderId))?.attention_reason ?? null;
    await recordOrderEvent(trx, source, orderId, { type: 'order.needs_attention', reason });
  }
}

/** A new lead (`lead.created`) or one marked contacted (`lead.contacted`). */
export async function recordLeadEvent(
  trx: Transaction<Schema>,
  source: EventSource,
  leadId: string,
  type: 'lead.created' | 'lead.contacted',
): Promise<void> {
  const sequence = await nextLeadSequence(trx, leadId);
  const lead = await leadForEvent(trx, leadId);
  if (sequence === undefined || !lead) return;
  await writeEvent(trx, source, {
    type,
    orderId: null,
    leadId,
    sequence,
    data: {
      lead_id: lead.id,
      sequence,
      created_at: lead.created_at.toISOString(),
      first_name: lead.first_name,
      last_name: lead.last_name,
      email: lead.email,
      phone: lead.phone,
      address: lead.formatted_address,
      message: lead.message,
      contacted_at: lead.contacted_at?.toISOString() ?? null,
      contacted_by: lead.contacted_by,
    },
  });
}

/** The new lead's event, from the lead as it is being stored (leads/routes.ts). */
export const recordLeadCreated = (trx: Transaction<Schema>, source: EventSource, lead: NewLead) =>
  recordLeadEvent(trx, source, lead.id, 'lead.created');

/**
 * A person's erasure (`person.erased`, docs/rules/personal-data-requests.md#erase), in the
 * erasure's transaction: the orders anonymised (id and reference) and the leads deleted (id), and
 * nothing else, so receivers clear their copies without being told again who the person was. Not
 * an order's or a lead's event: the erasure deletes theirs, so it is numbered 1 on its own.
 */
export async function recordPersonErased(
  trx: Transaction<Schema>,
  source: EventSource,
  erased: { orders: { id: string; reference: string | null }[]; leadIds: string[]; at: Date },
): Promise<void> {
  if (erased.orders.length === 0 && erased.leadIds.length === 0) return;
  await writeEvent(trx, source, {
    type: 'person.erased',
    orderId: null,
    leadId: null,
    sequence: 1,
    data: {
      orders: erased.orders.map((order) => ({ order_id: order.id, reference: order.reference })),
      lead_ids: erased.leadIds,
      erased_at: erased.at.toISOString(),
    },
  });
}

async function writeEvent(
  trx: Transaction<Schema>,
  source: EventSource,
  event: {
    type: EventType;
    orderId: string | null;
    leadId: string | null;
    sequence: number;
    data: Record<string, unknown>;
  },
): Promise<void> {
  const now = source.now();
  const id = `evt_${source.newId().replaceAll('-', '')}`;
  const endpoints = await subscribedEndpoints(trx, event.type);
  if (configuredEndpoint(source.config)) endpoints.unshift(CONFIGURED_ENDPOINT);
  await insertEvent(
    trx,
    {
      id,
      type: event.type,
      order_id: event.orderId,
      lead_id: event.leadId,
      sequence: event.sequence,
      data: JSON.stringify(event.data),
      created_at: now,
    },
    endpoints.map((endpointId) => ({ id: source.newId(), endpoint_id: endpointId })),
  );
}
