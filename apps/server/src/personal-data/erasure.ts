import type { PersonalDataEraseAnswer } from '@fibre/domain/api';
import { inTransaction } from '../db/transactions.ts';
import { Refusal } from '../http/errors.ts';
import { recordPersonErased } from '../notifications/index.ts';
import { recordAudit } from '../operators/index.ts';
import type { CorrectionDeps } from './correction.ts';
import { describe, failureText, nothingHeld, personKey, type Actor } from './person.ts';
import {
  personLeads,
  personOrders,
  personSavedSignups,
  type Person,
  type PersonOrderRow,
} from './repository/finding.ts';
import {
  anonymiseOrders,
  deleteLeads,
  deleteLooseMail,
  deleteNotifications,
  deleteSavedSignups,
} from './repository/erasure.ts';

/*
 * Erasing what may be erased of a person's data (docs/rules/personal-data-requests.md#erase):
 * which orders must be kept and why, the erasure stored, then the outside installer task cleared.
 */

/** The installer task service an erasure clears, as configuration picks it. */
export type ErasureDeps = Pick<CorrectionDeps, 'ctx' | 'calendar'>;

type Kept = PersonalDataEraseAnswer['kept'];

/**
 * Why an order may not be erased, or null when it may (docs/rules/personal-data-requests.md#erase):
 * only an order that never went ahead is erased: one cancelled before it was ever confirmed
 * (cancelled while pending or needing attention), or cancelled before its installation window
 * began. A live order keeps its contact while the service is live.
 */
export function keptBecause(order: PersonOrderRow, now: Date): string | null {
  const id = order.id;
  switch (order.status) {
    case 'confirmed':
      return `Order ${id} is confirmed: its contact details stay while the service is live. Cancel the order first if the service has ended.`;
    case 'pending':
      return `Order ${id} is still being placed: ask again once it is confirmed or cancelled.`;
    case 'needs_attention':
      return `Order ${id} needs attention: staff are still finishing it. Resolve or cancel it first.`;
    case 'cancelled': {
      if (order.cancelled_from === 'pending' || order.cancelled_from === 'needs_attention')
        return null;
      const starts = order.starts_at ? new Date(order.starts_at) : null;
      if (!starts) return null;
      const cancelled = order.cancelled_at ? new Date(order.cancelled_at) : null;
      if (cancelled ? cancelled < starts : now < starts) return null;
      return `Order ${id} was cancelled after its installation window began, so the service went ahead: its record is kept.`;
    }
  }
}

/**
 * The refusal of a request that would erase while an order must be kept (409 `not_erasable`,
 * naming each and why): always when nothing else may be erased, else unless `partial` was asked.
 */
function notErasable(person: Person, kept: Kept, nothingElse: boolean): Refusal {
  const reasons = kept.map((k) => k.reason).join(' ');
  return new Refusal(
    'conflict',
    'not_erasable',
    nothingElse
      ? `Nothing was erased: nothing held for ${describe(person)} may be erased. ${reasons}`
      : `Nothing was erased. ${reasons} To erase everything else and keep ${kept.length === 1 ? 'this order' : 'these orders'}, ask again with partial erasure.`,
  );
}

/**
 * The erasure stored, in one transaction: notifications, orders, loose mail, saved sign-ups and
 * leads; the webhooks' event; each order and lead audited, and the person.
 */
async function storeErasure(
  deps: ErasureDeps,
  person: Person,
  erasable: { orders: PersonOrderRow[]; leadIds: string[]; kept: Kept },
  actor: Actor,
): Promise<Omit<PersonalDataEraseAnswer, 'told'>> {
  const { ctx } = deps;
  const { leadIds, kept } = erasable;
  const orderIds = erasable.orders.map((o) => o.id);
  return inTransaction(ctx.database.db, async (trx) => {
    const notifications = await deleteNotifications(trx, orderIds, leadIds);
    const touched = await anonymiseOrders(trx, orderIds, actor.at);
    const loose = person.email !== undefined ? await deleteLooseMail(trx, person.email) : 0;
    // Sign-ups saved to finish later (docs/rules/mail.md#finish-later): never an order, all erased.
    const savedSignups =
      person.email !== undefined ? await deleteSavedSignups(trx, person.email) : 0;
    await deleteLeads(trx, leadIds, actor.at);
    // Receivers of webhooks hear of it, by ids only (docs/rules/webhooks.md#event-types).
    await recordPersonErased(trx, ctx, {
      orders: erasable.orders.map((o) => ({ id: o.id, reference: o.reference })),
      leadIds,
      at: actor.at,
    });
    for (const [subjectType, ids] of [
      ['order', orderIds],
      ['lead', leadIds],
    ] as const) {
      for (const id of ids) {
        await recordAudit(trx, {
          operatorEmail: actor.email,
          at: actor.at,
          action: `${subjectType}_erased`,
          subjectType,
          subjectId: id,
          after: { erased: true },
        });
      }
    }
    const erased: Omit<PersonalDataEraseAnswer, 'told'> = {
      orders: orderIds,
      leads: leadIds,
      mail: touched.mail + loose,
      holds: touched.holds,
      notifications,
      savedSignups,
      kept,
    };
    await recordAudit(trx, {
      operatorEmail: actor.email,
      at: actor.at,
      action: 'personal_data_erased',
      subjectType: 'person',
      subjectId: personKey(person),
      after: { ...erased, kept: kept.map((k) => k.orderId) },
    });
    return erased;
  });
}

/**
 * Erases what may be erased (docs/rules/personal-data-requests.md#erase): the person's leads are
 * deleted; their orders that never went ahead are anonymised (contact, email, the install's kept
 * body and client address cleared; amounts, dates and status kept), with their mail, order-page
 * links, holds' client addresses and ops notifications. An order that must be kept refuses the
 * whole request (409 `not_erasable`, naming each and why) unless `partial` asks to erase the rest.
 * Audited per order and lead erased (`order_erased`, `lead_erased`) and once for the person
 * (`personal_data_erased`).
 */
export async function erasePersonalData(
  deps: ErasureDeps,
  person: Person,
  partial: boolean,
  actor: Actor,
): Promise<PersonalDataEraseAnswer> {
  const { ctx, calendar } = deps;
  const db = ctx.database.db;
  const now = ctx.now();
  const [orders, leads, saved] = await Promise.all([
    personOrders(db, person),
    personLeads(db, person),
    personSavedSignups(db, person.email),
  ]);
  if (orders.length === 0 && leads.length === 0 && saved.length === 0) throw nothingHeld(person);
  const kept = orders.flatMap((order) => {
    const reason = keptBecause(order, now);
    return reason === null ? [] : [{ orderId: order.id, reason }];
  });
  const keptIds = new Set(kept.map((k) => k.orderId));
  const erasedOrders = orders.filter((o) => !keptIds.has(o.id));
  const leadIds = leads.map((l) => l.id);
  const nothingElse = erasedOrders.length === 0 && leadIds.length === 0 && saved.length === 0;
  if (kept.length > 0 && (!partial || nothingElse)) throw notErasable(person, kept, nothingElse);
  const answer = await storeErasure(deps, person, { orders: erasedOrders, leadIds, kept }, actor);

  // The outside installer task service, after the erasure is stored: each erased order's tasks,
  // the cancelled ones it keeps included. The embedded calendar's booking was cleared above.
  const told: PersonalDataEraseAnswer['told'] = [];
  if (calendar.kind === 'external') {
    for (const order of erasedOrders) {
      if (!order.task_ref) continue;
      told.push(await tellErased(order.id, calendar.eraseContact?.bind(calendar)));
    }
  }
  return { ...answer, told };
}

async function tellErased(
  orderId: string,
  erase: ((orderId: string) => Promise<void>) | undefined,
): Promise<PersonalDataEraseAnswer['told'][number]> {
  const adapter = 'installer task';
  if (!erase) {
    return {
      orderId,
      adapter,
      outcome: 'not_supported',
      message: 'The installer task cannot be cleared by this adapter: erase it there by hand.',
    };
  }
  try {
    await erase(orderId);
    return { orderId, adapter, outcome: 'updated', message: 'The installer task was cleared.' };
  } catch (error) {
    return {
      orderId,
      adapter,
      outcome: 'failed',
      message: `The installer task could not be cleared (${failureText(error)}): erase it there by hand.`,
    };
  }
}
