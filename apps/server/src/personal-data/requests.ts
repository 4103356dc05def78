import { createHash } from 'node:crypto';
import { normaliseMobile } from '@fibre/domain/address';
import type {
  PersonalDataAnswer,
  PersonalDataCorrectAnswer,
  PersonalDataEraseAnswer,
  PersonalDataExport,
  PersonalDataOrder,
} from '@fibre/domain/api';
import { capitaliseName } from '@fibre/domain/contact';
import type { AppContext } from '../context.ts';
import { inTransaction } from '../db/transactions.ts';
import { Refusal } from '../http/errors.ts';
import { recordPersonErased } from '../notifications/index.ts';
import { recordAudit } from '../operators/index.ts';
import type { BillingAdapter, ContactDetails } from '../orders/index.ts';
import type { CalendarAdapter } from '../scheduling/index.ts';
import {
  anonymiseOrders,
  deleteLeads,
  deleteLooseMail,
  deleteSavedSignups,
  deleteNotifications,
  orderRecords,
  personAudit,
  personHolds,
  personLeads,
  personMail,
  personSavedSignups,
  personNotifications,
  personOrders,
  readdressUnsentMail,
  setLeadContact,
  setOrderContact,
  setSavedSignupContact,
  type Person,
  type PersonOrderRow,
} from './repository.ts';

/*
 * A person's data, on request (docs/rules/personal-data-requests.md): found, exported (APP 12),
 * corrected (APP 13) and erased where it may be, each by a manager and each audited with the
 * manager's email. The audit names the person by a SHA-256 of the email or mobile asked about,
 * never the email or mobile itself, so an erasure leaves no copy of it in the audit.
 */

/** Who acts, and when. */
export interface Actor {
  email: string;
  at: Date;
}

/** The adapters a correction tells, as configuration picks them. */
export interface CorrectionDeps {
  ctx: AppContext;
  billing: BillingAdapter;
  calendar: CalendarAdapter;
}

/** The installer task service an erasure clears, as configuration picks it. */
export type ErasureDeps = Pick<CorrectionDeps, 'ctx' | 'calendar'>;

/** The person as asked: the email as typed (matched ignoring case), the mobile normalised. */
export function personOf(input: {
  email?: string | undefined;
  mobile?: string | undefined;
}): Person {
  return input.email !== undefined
    ? { email: input.email }
    : { mobile: normaliseMobile(input.mobile ?? '') };
}

/** The audit's subject id for the person: `sha256:` and the hash of `email:x` or `mobile:+61…`. */
export function personKey(person: Person): string {
  const named =
    person.email !== undefined ? `email:${person.email.toLowerCase()}` : `mobile:${person.mobile}`;
  return `sha256:${createHash('sha256').update(named).digest('hex')}`;
}

const describe = (person: Person) =>
  person.email !== undefined ? 'this email' : 'this mobile number';

const iso = (value: Date | string | null | undefined) =>
  value === null || value === undefined ? null : new Date(value).toISOString();

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

const contactOf = (row: PersonOrderRow) => {
  const contact = row.contact as { firstName?: string; lastName?: string; phone?: string };
  return {
    firstName: contact.firstName ?? '',
    lastName: contact.lastName ?? '',
    email: row.email,
    mobile: contact.phone ?? null,
  };
};

/** Everything held about the person; `full` adds what only the export carries. */
async function gather(ctx: AppContext, person: Person, full: boolean) {
  const db = ctx.database.db;
  const now = ctx.now();
  const [orders, leads] = await Promise.all([personOrders(db, person), personLeads(db, person)]);
  const orderIds = orders.map((o) => o.id);
  const leadIds = leads.map((l) => l.id);
  const reservationIds = orders.map((o) => o.reservation_id);
  const [mail, holds, audit, notifications, records, saved] = await Promise.all([
    personMail(db, orderIds, person.email),
    personHolds(db, reservationIds),
    personAudit(db, { orderIds, leadIds, reservationIds, personKey: personKey(person) }),
    full ? personNotifications(db, orderIds, leadIds) : Promise.resolve([]),
    full ? orderRecords(db, orderIds) : Promise.resolve({ customers: [], bookings: [] }),
    personSavedSignups(db, person.email),
  ]);
  const answer: PersonalDataAnswer = {
    person: { email: person.email ?? null, mobile: person.mobile ?? null },
    orders: orders.map((row): PersonalDataOrder => {
      const kept = keptBecause(row, now);
      return {
        id: row.id,
        created: row.created_at.toISOString(),
        status: row.status,
        customer: contactOf(row),
        address: row.formatted_address ?? null,
        planId: row.plan_id,
        monthlyCents: row.monthly_cents,
        activationCents: row.activation_cents,
        cardFeeCents: row.card_fee_cents,
        window:
          row.starts_at && row.ends_at
            ? { start: iso(row.starts_at)!, end: iso(row.ends_at)! }
            : null,
        acceptance: row.acceptance ?? null,
        clientAddress: row.client_address,
        erasable: kept === null,
        keptBecause: kept,
        ...(full
          ? {
              installFacts: row.install_facts ?? null,
              billingCustomers: records.customers.filter((c) => c.order_id === row.id),
              bookings: records.bookings.filter((b) => b.order_id === row.id),
            }
          : {}),
      };
    }),
    leads: leads.map((lead) => ({
      id: lead.id,
      created: lead.created_at.toISOString(),
      firstName: lead.first_name,
      lastName: lead.last_name,
      email: lead.email,
      phone: lead.phone,
      address: lead.formatted_address,
      message: lead.message,
      contactedAt: iso(lead.contacted_at),
      contactedBy: lead.contacted_by,
    })),
    mail: mail.map((m) => ({
      id: m.id,
      kind: m.kind,
      orderId: m.order_id,
      recipient: m.recipient,
      subject: m.subject,
      created: m.created_at.toISOString(),
      deliveredAt: iso(m.delivered_at),
      ...(full ? { textBody: m.text_body } : {}),
    })),
    holds: holds.map((h) => ({
      reservationId: h.reservation_id,
      orderId: h.order_id,
      status: h.status,
      created: h.created_at.toISOString(),
      expiresAt: h.expires_at.toISOString(),
      endedAt: iso(h.ended_at),
      clientAddress: h.client_address,
      window: h.starts_at && h.ends_at ? { start: iso(h.starts_at)!, end: iso(h.ends_at)! } : null,
    })),
    audit: audit.map((a) => ({
      at: a.at.toISOString(),
      operator: a.operator_email,
      action: a.action,
      subjectType: a.subject_type,
      subjectId: a.subject_id,
      before: a.before ?? null,
      after: a.after ?? null,
    })),
    savedSignups: saved.map((signup) => ({
      id: signup.id,
      created: signup.created_at.toISOString(),
      expiresAt: signup.expires_at.toISOString(),
      email: signup.email,
      firstName: signup.first_name,
      consent: signup.consent,
      unsubscribedAt: iso(signup.unsubscribed_at),
      reminded: signup.reminded !== null,
      ...(full ? { choices: signup.snapshot } : {}),
    })),
  };
  return { answer, notifications };
}

const counts = (answer: PersonalDataAnswer) => ({
  orders: answer.orders.length,
  leads: answer.leads.length,
  mail: answer.mail.length,
  holds: answer.holds.length,
  audit: answer.audit.length,
  savedSignups: answer.savedSignups.length,
});

/** Finds everything held about the person; audited `personal_data_found` with the counts. */
export async function findPersonalData(
  ctx: AppContext,
  person: Person,
  actor: Actor,
): Promise<PersonalDataAnswer> {
  const { answer } = await gather(ctx, person, false);
  await recordAudit(ctx.database.db, {
    operatorEmail: actor.email,
    at: actor.at,
    action: 'personal_data_found',
    subjectType: 'person',
    subjectId: personKey(person),
    after: counts(answer),
  });
  return answer;
}

/** The export (APP 12); audited `personal_data_exported` with the counts, before it is answered. */
export async function exportPersonalData(
  ctx: AppContext,
  person: Person,
  actor: Actor,
): Promise<PersonalDataExport> {
  const { answer, notifications } = await gather(ctx, person, true);
  await recordAudit(ctx.database.db, {
    operatorEmail: actor.email,
    at: actor.at,
    action: 'personal_data_exported',
    subjectType: 'person',
    subjectId: personKey(person),
    after: { ...counts(answer), notifications: notifications.length },
  });
  return {
    ...answer,
    exportedAt: actor.at.toISOString(),
    exportedBy: actor.email,
    notifications: notifications.map((n) => ({
      id: n.id,
      kind: n.kind,
      payload: n.payload,
      created: n.created_at.toISOString(),
      deliveredAt: iso(n.delivered_at),
    })),
  };
}

const nothingHeld = (person: Person) =>
  new Refusal(
    'not_found',
    'nothing_held',
    `No order, lead or saved sign-up is held for ${describe(person)}.`,
  );

type SavedSignupRow = Awaited<ReturnType<typeof personSavedSignups>>[number];

/**
 * A saved sign-up's corrected details: its email and first name, and the contact inside the saved
 * state, so the link restores the corrected details (docs/rules/personal-data-requests.md#correct).
 */
function correctedSignup(
  signup: SavedSignupRow,
  to: { firstName?: string; lastName?: string; email?: string; mobile?: string },
) {
  const saved = signup.snapshot as { state?: { signup?: { contact?: Record<string, unknown> } } };
  const contact = { ...saved.state?.signup?.contact };
  if (to.firstName !== undefined) contact.firstName = to.firstName;
  if (to.lastName !== undefined) contact.lastName = to.lastName;
  if (to.email !== undefined) {
    contact.email = to.email;
    if ('confirmEmail' in contact) contact.confirmEmail = to.email;
  }
  if (to.mobile !== undefined) contact.phone = to.mobile;
  const state = saved.state ?? {};
  return {
    email: to.email ?? signup.email,
    first_name: to.firstName ?? signup.first_name,
    snapshot: {
      ...signup.snapshot,
      state: { ...state, signup: { ...state.signup, contact } },
    } as Record<string, unknown>,
  };
}

/** An outside service's failure, for the answer: its message. */
const failureText = (error: unknown) =>
  error instanceof Error ? error.message : typeof error === 'string' ? error : 'unknown error';

/** The order's stored contact, email and kept install body, with the corrected details. */
function correctedOrder(order: PersonOrderRow, next: ContactDetails) {
  const facts = order.install_facts as Record<string, unknown> | null;
  const details = {
    firstName: next.firstName,
    lastName: next.lastName,
    email: next.email,
  };
  // The install body's copies (booking and billing) keep their own phone when none is corrected.
  const copy = (value: unknown) => ({
    ...(value as Record<string, unknown>),
    ...details,
    ...(next.phone ? { phone: next.phone } : {}),
  });
  return {
    email: next.email,
    contact: { ...(order.contact as Record<string, unknown>), ...details, phone: next.phone },
    installFacts: facts
      ? { ...facts, contact: copy(facts.contact), billingContact: copy(facts.billingContact) }
      : null,
  };
}

/**
 * Corrects the person's contact details (APP 13) on every order and lead matched: names as the
 * wizard stores them (capitalised), the email, the mobile normalised. The install's kept body
 * follows (a retry must not bring the old details back); unsent mail goes to the corrected email.
 * The embedded ledger and calendar record it in the same transaction; an external service is told
 * after it, for each order not cancelled that it holds, and what it said is in the answer. Audited
 * per order and lead (`contact_corrected`, the names of the fields, never their values) and once
 * for the person (`personal_data_corrected`).
 */
export async function correctPersonalData(
  deps: CorrectionDeps,
  person: Person,
  to: { firstName?: string; lastName?: string; email?: string; mobile?: string },
  actor: Actor,
): Promise<PersonalDataCorrectAnswer> {
  const db = deps.ctx.database.db;
  const [orders, leads, saved] = await Promise.all([
    personOrders(db, person),
    personLeads(db, person),
    personSavedSignups(db, person.email),
  ]);
  if (orders.length === 0 && leads.length === 0 && saved.length === 0) throw nothingHeld(person);
  const firstName = to.firstName === undefined ? undefined : capitaliseName(to.firstName);
  const lastName = to.lastName === undefined ? undefined : capitaliseName(to.lastName);
  const mobile = to.mobile === undefined ? undefined : normaliseMobile(to.mobile);
  const email = to.email;
  const fields = Object.entries({ firstName, lastName, email, mobile })
    .filter(([, v]) => v !== undefined)
    .map(([k]) => k);
  const { billing, calendar } = deps;
  const told: PersonalDataCorrectAnswer['told'] = [];
  const details = new Map<string, ContactDetails>();
  let mail = 0;

  await inTransaction(db, async (trx) => {
    for (const order of orders) {
      const old = contactOf(order);
      const next: ContactDetails = {
        firstName: firstName ?? old.firstName,
        lastName: lastName ?? old.lastName,
        email: email ?? old.email,
        phone: mobile ?? old.mobile,
      };
      details.set(order.id, next);
      await setOrderContact(trx, order.id, correctedOrder(order, next));
      if (billing.kind === 'local') {
        await billing.updateContact(trx, order.id, next);
        told.push({
          orderId: order.id,
          adapter: 'billing',
          outcome: 'recorded',
          message: 'Recorded in the embedded ledger.',
        });
      }
      if (calendar.kind === 'local') {
        await calendar.updateContact(trx, order.id, next);
        told.push({
          orderId: order.id,
          adapter: 'installer task',
          outcome: 'recorded',
          message: "Recorded on the built-in calendar's booking.",
        });
      }
      await recordAudit(trx, {
        operatorEmail: actor.email,
        at: actor.at,
        action: 'contact_corrected',
        subjectType: 'order',
        subjectId: order.id,
        after: { corrected: fields },
      });
    }
    for (const lead of leads) {
      await setLeadContact(trx, lead.id, {
        first_name: firstName ?? lead.first_name,
        last_name: lastName ?? lead.last_name,
        email: email ?? lead.email,
        phone: mobile ?? lead.phone,
      });
      await recordAudit(trx, {
        operatorEmail: actor.email,
        at: actor.at,
        action: 'contact_corrected',
        subjectType: 'lead',
        subjectId: lead.id,
        after: { corrected: fields },
      });
    }
    for (const signup of saved) {
      await setSavedSignupContact(
        trx,
        signup.id,
        correctedSignup(signup, { firstName, lastName, email, mobile }),
      );
      await recordAudit(trx, {
        operatorEmail: actor.email,
        at: actor.at,
        action: 'contact_corrected',
        subjectType: 'saved_signup',
        subjectId: signup.id,
        after: { corrected: fields },
      });
    }
    if (email !== undefined) {
      mail = await readdressUnsentMail(
        trx,
        orders.map((o) => o.id),
        email,
      );
    }
    await recordAudit(trx, {
      operatorEmail: actor.email,
      at: actor.at,
      action: 'personal_data_corrected',
      subjectType: 'person',
      subjectId: personKey(person),
      after: {
        corrected: fields,
        orders: orders.map((o) => o.id),
        leads: leads.map((l) => l.id),
        savedSignups: saved.map((signup) => signup.id),
        mail,
      },
    });
  });

  // The outside services, after the correction is stored: each live order they hold.
  for (const order of orders) {
    if (order.status === 'cancelled') continue;
    const next = details.get(order.id)!;
    if (billing.kind === 'external' && order.billing_customer_ref) {
      told.push(await tell(order.id, 'billing', billing.updateContact?.bind(billing), next));
    }
    if (calendar.kind === 'external' && order.task_ref) {
      told.push(
        await tell(order.id, 'installer task', calendar.updateContact?.bind(calendar), next),
      );
    }
  }
  return {
    orders: orders.map((o) => o.id),
    leads: leads.map((l) => l.id),
    savedSignups: saved.map((signup) => signup.id),
    mail,
    told,
  };
}

async function tell(
  orderId: string,
  adapter: 'billing' | 'installer task',
  update: ((orderId: string, contact: ContactDetails) => Promise<void>) | undefined,
  contact: ContactDetails,
): Promise<PersonalDataCorrectAnswer['told'][number]> {
  const service = adapter === 'billing' ? 'Billing' : 'The installer task';
  if (!update) {
    return {
      orderId,
      adapter,
      outcome: 'not_supported',
      message: `${service} cannot be told by this adapter: correct it there by hand.`,
    };
  }
  try {
    await update(orderId, contact);
    return { orderId, adapter, outcome: 'updated', message: `${service} was updated.` };
  } catch (error) {
    return {
      orderId,
      adapter,
      outcome: 'failed',
      message: `${service} could not be updated (${failureText(error)}): correct it there by hand.`,
    };
  }
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
  const orderIds = orders.filter((o) => !keptIds.has(o.id)).map((o) => o.id);
  const leadIds = leads.map((l) => l.id);
  const nothingElse = orderIds.length === 0 && leadIds.length === 0 && saved.length === 0;
  if (kept.length > 0 && (!partial || nothingElse)) {
    const reasons = kept.map((k) => k.reason).join(' ');
    throw new Refusal(
      'conflict',
      'not_erasable',
      nothingElse
        ? `Nothing was erased: nothing held for ${describe(person)} may be erased. ${reasons}`
        : `Nothing was erased. ${reasons} To erase everything else and keep ${kept.length === 1 ? 'this order' : 'these orders'}, ask again with partial erasure.`,
    );
  }
  const answer = await inTransaction(db, async (trx) => {
    const notifications = await deleteNotifications(trx, orderIds, leadIds);
    const touched = await anonymiseOrders(trx, orderIds, actor.at);
    const loose = person.email !== undefined ? await deleteLooseMail(trx, person.email) : 0;
    // Sign-ups saved to finish later (docs/rules/mail.md#finish-later): never an order, all erased.
    const savedSignups =
      person.email !== undefined ? await deleteSavedSignups(trx, person.email) : 0;
    await deleteLeads(trx, leadIds, actor.at);
    // Receivers of webhooks hear of it, by ids only (docs/rules/webhooks.md#event-types).
    await recordPersonErased(trx, ctx, {
      orders: orders
        .filter((o) => !keptIds.has(o.id))
        .map((o) => ({ id: o.id, reference: o.reference })),
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

  // The outside installer task service, after the erasure is stored: each erased order's tasks,
  // the cancelled ones it keeps included. The embedded calendar's booking was cleared above.
  const told: PersonalDataEraseAnswer['told'] = [];
  if (calendar.kind === 'external') {
    for (const order of orders) {
      if (keptIds.has(order.id) || !order.task_ref) continue;
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
