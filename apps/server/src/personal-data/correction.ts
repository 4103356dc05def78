import { normaliseMobile } from '@fibre/domain/address';
import type { PersonalDataCorrectAnswer } from '@fibre/domain/api';
import { capitaliseName } from '@fibre/domain/contact';
import type { Transaction } from 'kysely';
import type { AppContext } from '../context.ts';
import type { Schema } from '../db/schema.ts';
import { inTransaction } from '../db/transactions.ts';
import { recordAudit } from '../operators/index.ts';
import type { BillingAdapter, ContactDetails } from '../orders/index.ts';
import type { CalendarAdapter } from '../scheduling/index.ts';
import { contactOf, failureText, nothingHeld, personKey, type Actor } from './person.ts';
import {
  personLeads,
  personOrders,
  personSavedSignups,
  type Person,
  type PersonOrderRow,
} from './repository/finding.ts';
import {
  readdressUnsentMail,
  setLeadContact,
  setOrderContact,
  setSavedSignupContact,
} from './repository/correction.ts';

/*
 * Correcting a person's contact details (APP 13, docs/rules/personal-data-requests.md#correct):
 * stored in one transaction, then told to the outside services.
 */

/** The adapters a correction tells, as configuration picks them. */
export interface CorrectionDeps {
  ctx: AppContext;
  billing: BillingAdapter;
  calendar: CalendarAdapter;
}

/** The details asked for, as the wizard stores them; a field not asked for stays undefined. */
interface Corrected {
  firstName: string | undefined;
  lastName: string | undefined;
  email: string | undefined;
  mobile: string | undefined;
}

type SavedSignupRow = Awaited<ReturnType<typeof personSavedSignups>>[number];
type Told = PersonalDataCorrectAnswer['told'];

/** What is held about the person that a correction changes. */
interface Held {
  orders: PersonOrderRow[];
  leads: Awaited<ReturnType<typeof personLeads>>;
  saved: SavedSignupRow[];
}

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

/** The audit of one order, lead or saved sign-up corrected: the names of the fields, never their values. */
const auditCorrected = (
  trx: Transaction<Schema>,
  actor: Actor,
  subject: { type: 'order' | 'lead' | 'saved_signup'; id: string },
  fields: string[],
) =>
  recordAudit(trx, {
    operatorEmail: actor.email,
    at: actor.at,
    action: 'contact_corrected',
    subjectType: subject.type,
    subjectId: subject.id,
    after: { corrected: fields },
  });

/**
 * Each order's corrected contact, stored and audited; the embedded ledger and calendar record it
 * in the same transaction, and say so in `told`. Answers each order's new details, for the outside
 * services.
 */
async function correctOrders(
  trx: Transaction<Schema>,
  deps: CorrectionDeps,
  orders: PersonOrderRow[],
  to: Corrected,
  audit: { actor: Actor; fields: string[]; told: Told },
): Promise<Map<string, ContactDetails>> {
  const { actor, fields, told } = audit;
  const { billing, calendar } = deps;
  const details = new Map<string, ContactDetails>();
  for (const order of orders) {
    const old = contactOf(order);
    const next: ContactDetails = {
      firstName: to.firstName ?? old.firstName,
      lastName: to.lastName ?? old.lastName,
      email: to.email ?? old.email,
      phone: to.mobile ?? old.mobile,
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
    await auditCorrected(trx, actor, { type: 'order', id: order.id }, fields);
  }
  return details;
}

/**
 * The correction stored, in one transaction: orders, leads and saved sign-ups, each audited, the
 * unsent mail readdressed, and the person's audit. Answers how many mail were readdressed and each
 * order's new details.
 */
async function storeCorrection(
  deps: CorrectionDeps,
  held: Held,
  to: Corrected,
  fields: string[],
  subject: { person: Person; actor: Actor; told: Told },
) {
  const { orders, leads, saved } = held;
  const { person, actor, told } = subject;
  const { firstName, lastName, email, mobile } = to;
  return inTransaction(deps.ctx.database.db, async (trx) => {
    const details = await correctOrders(trx, deps, orders, to, { actor, fields, told });
    for (const lead of leads) {
      await setLeadContact(trx, lead.id, {
        first_name: firstName ?? lead.first_name,
        last_name: lastName ?? lead.last_name,
        email: email ?? lead.email,
        phone: mobile ?? lead.phone,
      });
      await auditCorrected(trx, actor, { type: 'lead', id: lead.id }, fields);
    }
    for (const signup of saved) {
      await setSavedSignupContact(
        trx,
        signup.id,
        correctedSignup(signup, { firstName, lastName, email, mobile }),
      );
      await auditCorrected(trx, actor, { type: 'saved_signup', id: signup.id }, fields);
    }
    const mail =
      email === undefined
        ? 0
        : await readdressUnsentMail(
            trx,
            orders.map((o) => o.id),
            email,
          );
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
    return { mail, details };
  });
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
  const corrected: Corrected = {
    firstName: to.firstName === undefined ? undefined : capitaliseName(to.firstName),
    lastName: to.lastName === undefined ? undefined : capitaliseName(to.lastName),
    email: to.email,
    mobile: to.mobile === undefined ? undefined : normaliseMobile(to.mobile),
  };
  const fields = Object.entries(corrected)
    .filter(([, v]) => v !== undefined)
    .map(([k]) => k);
  const told: Told = [];
  const { mail, details } = await storeCorrection(
    deps,
    { orders, leads, saved },
    corrected,
    fields,
    {
      person,
      actor,
      told,
    },
  );
  await tellOutsideServices(deps, orders, details, told);
  return {
    orders: orders.map((o) => o.id),
    leads: leads.map((l) => l.id),
    savedSignups: saved.map((signup) => signup.id),
    mail,
    told,
  };
}

/** The outside services, after the correction is stored: each live order they hold. */
async function tellOutsideServices(
  deps: CorrectionDeps,
  orders: PersonOrderRow[],
  details: Map<string, ContactDetails>,
  told: Told,
): Promise<void> {
  const { billing, calendar } = deps;
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
}

async function tell(
  orderId: string,
  adapter: 'billing' | 'installer task',
  update: ((orderId: string, contact: ContactDetails) => Promise<void>) | undefined,
  contact: ContactDetails,
): Promise<Told[number]> {
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
