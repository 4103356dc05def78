import type { DomainConfig } from '@fibre/domain/shared';
import { soldOf } from '../catalogue/index.ts';
import type { PersonalDataAnswer, PersonalDataExport, PersonalDataOrder } from '@fibre/domain/api';
import type { AppContext } from '../context.ts';
import { recordAudit } from '../operators/index.ts';
import { keptBecause } from './erasure.ts';
import { contactOf, iso, personKey, type Actor } from './person.ts';
import {
  orderRecords,
  personAudit,
  personHolds,
  personLeads,
  personMail,
  personNotifications,
  personOrders,
  personSavedSignups,
  type Person,
  type PersonOrderRow,
} from './repository/finding.ts';

/*
 * Finding what is held about a person, and its export (APP 12,
 * docs/rules/personal-data-requests.md): the same answer, the export adding what only it carries.
 */

/** A row one of the repository's reads answers. */
type Row<T extends (...args: never[]) => Promise<unknown[]>> = Awaited<ReturnType<T>>[number];
type OrderRecords = Awaited<ReturnType<typeof orderRecords>>;

/** An order as the answer shows it; `records` (the export's) adds its kept body and records. */
function orderOf(
  row: PersonOrderRow,
  now: Date,
  records: OrderRecords | null,
  rules: DomainConfig,
): PersonalDataOrder {
  const kept = keptBecause(row, now);
  // What the order was sold (docs/rules/orders.md#what-an-order-was-sold).
  const sold = soldOf(row, rules);
  return {
    id: row.id,
    created: row.created_at.toISOString(),
    status: row.status,
    customer: contactOf(row),
    address: row.formatted_address ?? null,
    planId: row.plan_id,
    planName: sold.plan.name,
    monthlyCents: row.monthly_cents,
    activationCents: row.activation_cents,
    cardFeeCents: row.card_fee_cents,
    window:
      row.starts_at && row.ends_at ? { start: iso(row.starts_at)!, end: iso(row.ends_at)! } : null,
    acceptance: row.acceptance ?? null,
    clientAddress: row.client_address,
    erasable: kept === null,
    keptBecause: kept,
    ...(records
      ? {
          installFacts: row.install_facts ?? null,
          sold,
          billingCustomers: records.customers.filter((c) => c.order_id === row.id),
          bookings: records.bookings.filter((b) => b.order_id === row.id),
        }
      : {}),
  };
}

const leadOf = (lead: Row<typeof personLeads>) => ({
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
});

const mailOf = (m: Row<typeof personMail>, full: boolean) => ({
  id: m.id,
  kind: m.kind,
  orderId: m.order_id,
  recipient: m.recipient,
  subject: m.subject,
  created: m.created_at.toISOString(),
  deliveredAt: iso(m.delivered_at),
  ...(full ? { textBody: m.text_body } : {}),
});

const holdOf = (h: Row<typeof personHolds>) => ({
  reservationId: h.reservation_id,
  orderId: h.order_id,
  status: h.status,
  created: h.created_at.toISOString(),
  expiresAt: h.expires_at.toISOString(),
  endedAt: iso(h.ended_at),
  clientAddress: h.client_address,
  window: h.starts_at && h.ends_at ? { start: iso(h.starts_at)!, end: iso(h.ends_at)! } : null,
});

const auditOf = (a: Row<typeof personAudit>) => ({
  at: a.at.toISOString(),
  operator: a.operator_email,
  action: a.action,
  subjectType: a.subject_type,
  subjectId: a.subject_id,
  before: a.before ?? null,
  after: a.after ?? null,
});

const savedSignupOf = (signup: Row<typeof personSavedSignups>, full: boolean) => ({
  id: signup.id,
  created: signup.created_at.toISOString(),
  expiresAt: signup.expires_at.toISOString(),
  email: signup.email,
  firstName: signup.first_name,
  consent: signup.consent,
  unsubscribedAt: iso(signup.unsubscribed_at),
  reminded: signup.reminded !== null,
  ...(full ? { choices: signup.snapshot } : {}),
});

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
    orders: orders.map((row) =>
      orderOf(row, now, full ? records : null, ctx.catalogue.current().domain),
    ),
    leads: leads.map(leadOf),
    mail: mail.map((m) => mailOf(m, full)),
    holds: holds.map(holdOf),
    audit: audit.map(auditOf),
    savedSignups: saved.map((signup) => savedSignupOf(signup, full)),
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
