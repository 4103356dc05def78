import type {
  FinishLaterRequest,
  NewLinkAnswer,
  RemindMeAnswer,
  RemindMeRequest,
  ResumeAnswer,
} from '@fibre/domain/api';
import { contactFieldRules } from '@fibre/domain/contact';
import { finishLaterMessages } from '@fibre/domain/shared';
import { upgradeSavedState } from '@fibre/domain/wizard';
import type { Transaction } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import type { Schema } from '../db/schema.ts';
import { inTransaction } from '../db/transactions.ts';
import { Refusal } from '../http/errors.ts';
import { parse } from '../http/validate.ts';
import {
  enqueueMail,
  hashOrderToken,
  mailProviderOf,
  newOrderToken,
  unsubscribeTokenOf,
  type RenderedMail,
} from '../mail/index.ts';
import {
  findSignupLink,
  insertSavedSignup,
  insertSignupLink,
  insertUnsubscribeToken,
  keepSignupUntil,
  linksMailedSince,
  liveHold,
  lockSignupAddress,
  newerSignupLink,
  ownedHold,
  replaceSavedSignups,
  signupsSavedSince,
  useSignupLink,
  withdrawSignup,
} from './repository.ts';
import { renderFinishLaterLink } from './mail.ts';

/*
 * Finish later (docs/rules/mail.md, "Finish later"): the visitor's sign-up saved with a link
 * mailed through the outbox; the link opens it once, on any device, until it expires.
 */

type State = Record<string, unknown>;
const area = (state: State, key: string): State => {
  const value = state[key];
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as State) : {};
};

/**
 * The wizard's state as saved: card data, the card's token, the payment boxes ticked with it, the
 * install's idempotency key and answer, and the hold taken out. The hold's id is returned apart:
 * kept beside the state only when the visitor's hold session holds it (savedHold), given back only
 * while it holds.
 */
export function savedState(state: State): { state: State; reservationId: string | null } {
  const signup = area(state, 'signup');
  const reservations = area(state, 'reservations');
  const reservation = area(reservations, 'reservation');
  const id = reservation.reservation_id;
  return {
    state: {
      ...state,
      signup: {
        ...signup,
        cardToken: null,
        acceptances: null,
        idempotencyKey: null,
        placed: null,
      },
      reservations: { ...reservations, reservation: null, lost: false, booked: false },
    },
    reservationId: typeof id === 'string' && id.length <= 200 ? id : null,
  };
}

/**
 * The hold a saved sign-up keeps: the one the state names, only when the request's hold session
 * (X-Hold-Session, as the wizard sends with its hold calls) holds it now. A reservation id read
 * elsewhere proves nothing, so it is never saved (docs/rules/mail.md#finish-later).
 */
async function savedHold(
  trx: Transaction<Schema>,
  reservationId: string | null,
  session: string | undefined,
  now: Date,
): Promise<string | null> {
  if (!reservationId || !session) return null;
  return ownedHold(trx, reservationId, session, now);
}

/**
 * Before a sign-up is saved, in its transaction: the address's lock, the bound counted under it
 * (429 `too_many_links`), and the address's older saved sign-ups replaced, so one stays live
 * (docs/rules/mail.md#finish-later).
 */
async function beforeSaving(
  trx: Transaction<Schema>,
  ctx: AppContext,
  email: string,
  now: Date,
  count: 'links' | 'saves',
): Promise<void> {
  await lockSignupAddress(trx, email);
  const lastHour = new Date(now.getTime() - 3_600_000);
  const n =
    count === 'links'
      ? await linksMailedSince(trx, email, lastHour)
      : await signupsSavedSince(trx, email, lastHour);
  if (n >= ctx.config.finishLater.linksPerHour) throw tooMany();
  // A box-ticked save ('saves') mails nothing and may be withdrawn: it leaves a sign-up whose
  // mailed link still opens it, so unticking the box leaves the link asked for (and its reminder).
  await replaceSavedSignups(trx, email, now, count === 'saves');
}

const tooMany = () => new Refusal('rate_limited', 'too_many_links', finishLaterMessages.tooMany);

/** Writes a new link to the sign-up and its mail, in the caller's transaction. */
export async function queueSignupMail(
  trx: Transaction<Schema>,
  ctx: AppContext,
  mail: {
    kind: 'signup.link' | 'signup.reminder';
    id: string;
    signupId: string;
    recipient: string;
    rendered: RenderedMail;
    now: Date;
    expiresAt: Date;
  },
): Promise<void> {
  const token = newOrderToken();
  await insertSignupLink(trx, {
    tokenHash: hashOrderToken(token),
    signupId: mail.signupId,
    createdAt: mail.now,
    expiresAt: mail.expiresAt,
  });
  // The mail's unsubscribe link, with its own token (mail/signup-links.ts).
  await insertUnsubscribeToken(trx, {
    tokenHash: hashOrderToken(unsubscribeTokenOf(token)),
    signupId: mail.signupId,
    createdAt: mail.now,
  });
  await enqueueMail(trx, {
    id: mail.id,
    kind: mail.kind,
    orderId: null,
    recipient: mail.recipient,
    ...mail.rendered,
    linkToken: token,
    createdAt: mail.now,
  });
}

/**
 * The first name goes into the mail (the link's, the reminder's), so it passes the contact step's
 * own rule: a name, not a line an outsider could mail anyone (docs/rules/mail.md#finish-later).
 * 400 `invalid_input` naming `snapshot.state.signup.contact.firstName` otherwise.
 */
const mailedName = z.looseObject({
  snapshot: z.looseObject({
    state: z.looseObject({
      signup: z.looseObject({
        contact: z.looseObject({ firstName: contactFieldRules.firstName }),
      }),
    }),
  }),
});

/**
 * Whoever asks, from however many client addresses: no mailbox gets more than
 * FINISH_LATER_LINKS_PER_HOUR links an hour (429 `too_many_links`), a new link for a used or
 * expired one included. Counted under the address's lock, in the transaction that queues the
 * link, so requests at once cannot all pass the same count.
 */
async function checkLinksPerHour(
  trx: Transaction<Schema>,
  ctx: AppContext,
  email: string,
  now: Date,
): Promise<void> {
  await lockSignupAddress(trx, email);
  const lastHour = new Date(now.getTime() - 3_600_000);
  if ((await linksMailedSince(trx, email, lastHour)) >= ctx.config.finishLater.linksPerHour)
    throw tooMany();
}

/** Saves the sign-up and queues its link; answers where it went and until when it works. */
export async function saveForLater(
  ctx: AppContext,
  body: FinishLaterRequest,
  holdSession: string | undefined,
) {
  parse(mailedName, body);
  const now = ctx.now();
  const contact = body.snapshot.state.signup.contact;
  const email = contact.email.trim();
  const firstName = contact.firstName.trim();
  const expiresAt = new Date(now.getTime() + ctx.config.finishLater.linkMs);
  const { state, reservationId } = savedState(body.snapshot.state);
  const signupId = ctx.newId();
  const rendered = renderFinishLaterLink({
    firstName,
    provider: mailProviderOf(ctx.catalogue.current()),
    expiresAt,
    enteredAt: now,
  });
  await inTransaction(ctx.database.db, async (trx) => {
    await beforeSaving(trx, ctx, email, now, 'links');
    await insertSavedSignup(trx, {
      id: signupId,
      email,
      firstName,
      // A wizard still on version 2 (a tab opened before an upgrade) sent the step's number: it is
      // saved as version 3, the step by id (docs/rules/wizard-flow.md, "Saved steps").
      snapshot: upgradeSavedState({ version: body.snapshot.version, state }),
      reservationId: await savedHold(trx, reservationId, holdSession, now),
      // The evidence of consent, as the acceptance record keeps it: the words, when
      // (docs/rules/mail.md, "The reminder to finish").
      consent: {
        words: `${finishLaterMessages.button}. ${finishLaterMessages.notice}`,
        marketing: body.marketing,
        at: now.toISOString(),
      },
      createdAt: now,
      expiresAt,
    });
    await queueSignupMail(trx, ctx, {
      kind: 'signup.link',
      id: ctx.newId(),
      signupId,
      recipient: email,
      rendered,
      now,
      expiresAt,
    });
  });
  return { email, expires_at: expiresAt.toISOString() };
}

/**
 * The marketing box ticked on the payment step without asking for the link (docs/rules/mail.md,
 * "The reminder to finish"): the sign-up saved as finish later saves it, with the box's words as
 * the consent, and nothing mailed now. Answers a token that withdraws it: a link already used
 * (it opens nothing), which the unsubscribe URL also takes.
 */
export async function saveForReminder(
  ctx: AppContext,
  body: RemindMeRequest,
  holdSession: string | undefined,
): Promise<RemindMeAnswer> {
  parse(mailedName, body);
  const now = ctx.now();
  const contact = body.snapshot.state.signup.contact;
  const email = contact.email.trim();
  const expiresAt = new Date(now.getTime() + ctx.config.finishLater.linkMs);
  const { state, reservationId } = savedState(body.snapshot.state);
  const signupId = ctx.newId();
  const token = newOrderToken();
  await inTransaction(ctx.database.db, async (trx) => {
    await beforeSaving(trx, ctx, email, now, 'saves');
    await insertSavedSignup(trx, {
      id: signupId,
      email,
      firstName: contact.firstName.trim(),
      // A wizard still on version 2 (a tab opened before an upgrade) sent the step's number: it is
      // saved as version 3, the step by id (docs/rules/wizard-flow.md, "Saved steps").
      snapshot: upgradeSavedState({ version: body.snapshot.version, state }),
      reservationId: await savedHold(trx, reservationId, holdSession, now),
      consent: {
        words: ctx.catalogue.current().legal.marketingWords,
        marketing: true,
        at: now.toISOString(),
      },
      createdAt: now,
      expiresAt,
    });
    await insertSignupLink(trx, {
      tokenHash: hashOrderToken(token),
      signupId,
      createdAt: now,
      expiresAt,
    });
    await useSignupLink(trx, hashOrderToken(token), now);
    // The unsubscribe URL takes the withdrawing token too (it opens nothing: its link is used).
    await insertUnsubscribeToken(trx, {
      tokenHash: hashOrderToken(token),
      signupId,
      createdAt: now,
    });
  });
  return { withdraw_token: token };
}

/** Unticking the box: that sign-up is never reminded. A token that names none answers 404. */
export async function withdrawReminder(ctx: AppContext, token: string): Promise<void> {
  if (!(await withdrawSignup(ctx.database.db, hashOrderToken(token), ctx.now()))) throw notFound();
}

const notFound = () =>
  new Refusal('not_found', 'not_found', finishLaterMessages.notFound, undefined);

const superseded = () =>
  new Refusal('conflict', 'link_superseded', finishLaterMessages.newerLinkSent, undefined);

/**
 * 'Email me a new link' on a used or expired link's page (docs/rules/mail.md#finish-later): a new
 * link to the same saved sign-up, mailed to the address it was saved for and to no other (the
 * request carries no address, and the answer names none). Only the sign-up's newest link may ask
 * (409 `link_superseded` otherwise), so a token someone else holds (a mail scanner's, a forwarded
 * mail's) makes at most one more mail, to its owner; the address's hourly limit holds as for the
 * first link. A token that names nothing answers 404.
 */
export async function mailNewLink(ctx: AppContext, token: string): Promise<NewLinkAnswer> {
  const now = ctx.now();
  const hash = hashOrderToken(token);
  const link = await findSignupLink(ctx.database.db, hash);
  if (!link) throw notFound();
  const expiresAt = new Date(now.getTime() + ctx.config.finishLater.linkMs);
  const rendered = renderFinishLaterLink({
    firstName: link.first_name,
    provider: ctx.catalogue.current().provider,
    expiresAt,
    enteredAt: now,
  });
  await inTransaction(ctx.database.db, async (trx) => {
    // A newer save of the address replaced this sign-up: its newest link is the other's.
    if (link.replaced_at !== null) throw superseded();
    await checkLinksPerHour(trx, ctx, link.email, now);
    if (await newerSignupLink(trx, link.signup_id, hash, link.created_at)) throw superseded();
    // The sign-up is kept as long as its newest link works (retention.md).
    await keepSignupUntil(trx, link.signup_id, expiresAt);
    await queueSignupMail(trx, ctx, {
      kind: 'signup.link',
      id: ctx.newId(),
      signupId: link.signup_id,
      recipient: link.email,
      rendered,
      now,
      expiresAt,
    });
  });
  return { expires_at: expiresAt.toISOString() };
}

/**
 * Opens a link once: the saved state, with the hold given back while it holds. A token that opens
 * nothing answers 404, an expired link 409 `link_expired`, a used one 409 `link_used`.
 */
export async function resumeSignup(ctx: AppContext, token: string): Promise<ResumeAnswer> {
  const now = ctx.now();
  const hash = hashOrderToken(token);
  return inTransaction(ctx.database.db, async (trx) => {
    const link = await findSignupLink(trx, hash);
    if (!link) throw notFound();
    // Replaced by a newer save of the address: it opens nothing more, as an expired link.
    if (link.replaced_at !== null || link.expires_at.getTime() <= now.getTime())
      throw new Refusal('conflict', 'link_expired', finishLaterMessages.expired, undefined);
    if (link.used_at !== null || !(await useSignupLink(trx, hash, now)))
      throw new Refusal('conflict', 'link_used', finishLaterMessages.used, undefined);
    // A link saved before steps had ids holds version 2 (the step's number): it answers version 3,
    // so the wizard resumes on the same step (docs/rules/wizard-flow.md, "Saved steps").
    const snapshot = upgradeSavedState(link.snapshot as { version: number; state: State });
    const hold = link.reservation_id ? await liveHold(trx, link.reservation_id, now) : undefined;
    if (!hold) return { snapshot, hold_session: null };
    const reservations = area(snapshot.state, 'reservations');
    return {
      snapshot: {
        ...snapshot,
        state: {
          ...snapshot.state,
          reservations: {
            ...reservations,
            reservation: {
              reservation_id: hold.reservation_id,
              event_id: hold.event_id,
              expires_at: hold.expires_at.toISOString(),
            },
          },
        },
      },
      hold_session: hold.hold_session,
    };
  });
}
