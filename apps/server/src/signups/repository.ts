import { sql, type Kysely, type Transaction } from 'kysely';
import type { Schema } from '../db/schema.ts';
import type { SignupConsent } from '../db/tables/signups.ts';

/** The only SQL for saved sign-ups and their links (docs/rules/mail.md, "Finish later"). */

type Db = Kysely<Schema> | Transaction<Schema>;

export interface NewSavedSignup {
  id: string;
  email: string;
  firstName: string;
  snapshot: Record<string, unknown>;
  reservationId: string | null;
  consent: SignupConsent;
  createdAt: Date;
  expiresAt: Date;
}

export async function insertSavedSignup(trx: Transaction<Schema>, s: NewSavedSignup) {
  await trx
    .insertInto('saved_signups')
    .values({
      id: s.id,
      email: s.email,
      first_name: s.firstName,
      snapshot: JSON.stringify(s.snapshot),
      reservation_id: s.reservationId,
      consent: JSON.stringify(s.consent),
      created_at: s.createdAt,
      expires_at: s.expiresAt,
    })
    .execute();
}

/**
 * Takes the address's lock for the rest of the transaction (case aside): the saves, links and
 * counts of one address go one at a time, so a bound counted after it holds however many requests
 * arrive at once, on any number of instances (docs/rules/mail.md#finish-later).
 */
export async function lockSignupAddress(trx: Transaction<Schema>, email: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`signup:${email.toLowerCase()}`}))`.execute(
    trx,
  );
}

/** How many sign-ups were saved for the address since `since` (case aside): remind-me's bound. */
export async function signupsSavedSince(db: Db, email: string, since: Date): Promise<number> {
  const row = await db
    .selectFrom('saved_signups')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * One live saved sign-up per address: the older ones are replaced, keeping their consent and
 * address only (their snapshot emptied, their hold forgotten, their links opening nothing) until
 * the retention sweep deletes them (docs/rules/retention.md). `keepMailedLinks` (a box-ticked save,
 * which mails nothing and may be withdrawn) leaves a sign-up whose mailed link still opens it.
 */
export async function replaceSavedSignups(
  trx: Transaction<Schema>,
  email: string,
  at: Date,
  keepMailedLinks: boolean,
) {
  let update = trx
    .updateTable('saved_signups')
    .set({ replaced_at: at, snapshot: JSON.stringify({}), reservation_id: null })
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .where('replaced_at', 'is', null);
  if (keepMailedLinks)
    update = update.where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('signup_links as l')
            .select('l.token_hash')
            .whereRef('l.signup_id', '=', 'saved_signups.id')
            .where('l.used_at', 'is', null)
            .where('l.expires_at', '>', at),
        ),
      ),
    );
  await update.execute();
}

/**
 * The hold `reservationId` when the hold session `session` holds it now: the only hold a saved
 * sign-up keeps (docs/rules/mail.md#finish-later).
 */
export async function ownedHold(db: Db, reservationId: string, session: string, now: Date) {
  const row = await db
    .selectFrom('reservations')
    .select('reservation_id')
    .where('reservation_id', '=', reservationId)
    .where('hold_session', '=', session)
    .where('status', '=', 'held')
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row?.reservation_id ?? null;
}

/** The unsubscribe link's own token, as its SHA-256 only. */
export async function insertUnsubscribeToken(
  trx: Transaction<Schema>,
  token: { tokenHash: string; signupId: string; createdAt: Date },
) {
  await trx
    .insertInto('signup_unsubscribe_tokens')
    .values({
      token_hash: token.tokenHash,
      signup_id: token.signupId,
      created_at: token.createdAt,
    })
    .onConflict((oc) => oc.column('token_hash').doNothing())
    .execute();
}

/** The address an unsubscribe token's SHA-256 names, if any. */
export async function findUnsubscribeAddress(db: Db, tokenHash: string) {
  const row = await db
    .selectFrom('signup_unsubscribe_tokens')
    .innerJoin('saved_signups', 'saved_signups.id', 'signup_unsubscribe_tokens.signup_id')
    .select('saved_signups.email')
    .where('signup_unsubscribe_tokens.token_hash', '=', tokenHash)
    .executeTakeFirst();
  return row?.email;
}

/**
 * How many links to finish later were queued for the address since `since` (case aside), on
 * migration 033's index: the per-address limit's count (docs/rules/mail.md#finish-later).
 */
export async function linksMailedSince(db: Db, email: string, since: Date): Promise<number> {
  const row = await db
    .selectFrom('mail_outbox')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('kind', '=', 'signup.link')
    .where(sql<string>`lower(recipient)`, '=', email.toLowerCase())
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A link's token, as its SHA-256 only, in the transaction that queues its mail. */
export async function insertSignupLink(
  trx: Transaction<Schema>,
  link: { tokenHash: string; signupId: string; createdAt: Date; expiresAt: Date },
) {
  await trx
    .insertInto('signup_links')
    .values({
      token_hash: link.tokenHash,
      signup_id: link.signupId,
      created_at: link.createdAt,
      expires_at: link.expiresAt,
    })
    .execute();
}

/** The link a token's SHA-256 names, with its sign-up. */
export async function findSignupLink(db: Db, tokenHash: string) {
  return db
    .selectFrom('signup_links')
    .innerJoin('saved_signups', 'saved_signups.id', 'signup_links.signup_id')
    .select([
      'signup_links.signup_id',
      'signup_links.created_at',
      'signup_links.expires_at',
      'signup_links.used_at',
      'saved_signups.email',
      'saved_signups.first_name',
      'saved_signups.snapshot',
      'saved_signups.reservation_id',
      'saved_signups.replaced_at',
    ])
    .where('signup_links.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/**
 * Locks the sign-up (two presses at once wait for each other) and answers whether another link
 * was made for it since the link `tokenHash` (made at `than`): only its newest link may ask for
 * another (docs/rules/mail.md#finish-later).
 */
export async function newerSignupLink(
  trx: Transaction<Schema>,
  signupId: string,
  tokenHash: string,
  than: Date,
): Promise<boolean> {
  await trx
    .selectFrom('saved_signups')
    .select('id')
    .where('id', '=', signupId)
    .forUpdate()
    .executeTakeFirst();
  const newer = await trx
    .selectFrom('signup_links')
    .select('token_hash')
    .where('signup_id', '=', signupId)
    .where('token_hash', '!=', tokenHash)
    .where('created_at', '>=', than)
    .executeTakeFirst();
  return newer !== undefined;
}

/**
 * Marks the link used, once: the WHERE on used_at makes two openings at once exclusive (the row
 * lock queues them and the second finds it used). Answers whether this call used it.
 */
export async function useSignupLink(trx: Transaction<Schema>, tokenHash: string, at: Date) {
  const row = await trx
    .updateTable('signup_links')
    .set({ used_at: at })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .returning('token_hash')
    .executeTakeFirst();
  return row !== undefined;
}

/** The hold, when it still holds at `now`: what the wizard keeps of it, and its session. */
export async function liveHold(db: Db, reservationId: string, now: Date) {
  return db
    .selectFrom('reservations')
    .select(['reservation_id', 'event_id', 'expires_at', 'hold_session'])
    .where('reservation_id', '=', reservationId)
    .where('status', '=', 'held')
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/**
 * Unsubscribes the address the sign-up was saved for: every saved sign-up of that address (case
 * aside) made up to now stops getting the reminder. The token is the unsubscribe link's own
 * (signup_unsubscribe_tokens), never a resume link's. Answers whether it named a sign-up.
 */
export async function unsubscribeSignup(db: Kysely<Schema>, tokenHash: string, at: Date) {
  const email = await findUnsubscribeAddress(db, tokenHash);
  if (email === undefined) return false;
  await db
    .updateTable('saved_signups')
    .set({ unsubscribed_at: at })
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .where('unsubscribed_at', 'is', null)
    .execute();
  return true;
}

/**
 * Withdraws the consent of the one sign-up the token names (the marketing box unticked): it is
 * marked unsubscribed, and its address's other sign-ups are left as they are. Answers whether
 * the token named a sign-up.
 */
export async function withdrawSignup(db: Kysely<Schema>, tokenHash: string, at: Date) {
  const link = await db
    .selectFrom('signup_links')
    .select('signup_id')
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!link) return false;
  await db
    .updateTable('saved_signups')
    .set({ unsubscribed_at: at })
    .where('id', '=', link.signup_id)
    .where('unsubscribed_at', 'is', null)
    .execute();
  return true;
}

/**
 * The saved sign-ups whose reminder is due: saved at or before `savedBy`, links not yet expired,
 * not unsubscribed, the newest of their address (of those not withdrawn), no reminder yet, and no
 * order from their address since they were saved (docs/rules/mail.md, "The reminder to finish").
 */
export async function reminderCandidates(db: Kysely<Schema>, now: Date, savedBy: Date) {
  return db
    .selectFrom('saved_signups as s')
    .select(['s.id', 's.email', 's.first_name', 's.created_at'])
    .where('s.created_at', '<=', savedBy)
    .where('s.expires_at', '>', now)
    .where('s.unsubscribed_at', 'is', null)
    .where('s.replaced_at', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('signup_reminders as r')
            .select('r.signup_id')
            .whereRef('r.signup_id', '=', 's.id'),
        ),
      ),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('saved_signups as newer')
            .select('newer.id')
            .where(sql<boolean>`lower(newer.email) = lower(s.email)`)
            // A newer one withdrawn (the box unticked) does not stand for the older.
            .where('newer.unsubscribed_at', 'is', null)
            .where((eb) =>
              eb.or([
                eb('newer.created_at', '>', eb.ref('s.created_at')),
                eb.and([
                  eb('newer.created_at', '=', eb.ref('s.created_at')),
                  eb('newer.id', '>', eb.ref('s.id')),
                ]),
              ]),
            ),
        ),
      ),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('orders as o')
            .select('o.id')
            .where(sql<boolean>`lower(o.email) = lower(s.email)`)
            .whereRef('o.created_at', '>=', 's.created_at'),
        ),
      ),
    )
    .orderBy('s.created_at')
    .orderBy('s.id')
    .limit(500)
    .execute();
}

/**
 * Claims the sign-up's one reminder: INSERT … ON CONFLICT DO NOTHING on signup_reminders' primary
 * key, so any number of instances write exactly one. Answers whether this call claimed it.
 */
export async function claimSignupReminder(
  trx: Transaction<Schema>,
  signupId: string,
  mailId: string,
  at: Date,
): Promise<boolean> {
  const rows = await trx
    .insertInto('signup_reminders')
    .values({ signup_id: signupId, mail_id: mailId, created_at: at })
    .onConflict((oc) => oc.column('signup_id').doNothing())
    .returning('signup_id')
    .execute();
  return rows.length > 0;
}

/** Whether the sign-up may still be reminded (re-read inside the claiming transaction). */
export async function stillRemindable(trx: Transaction<Schema>, signupId: string, now: Date) {
  const row = await trx
    .selectFrom('saved_signups')
    .select('id')
    .where('id', '=', signupId)
    .where('unsubscribed_at', 'is', null)
    .where('replaced_at', 'is', null)
    .where('expires_at', '>', now)
    .forUpdate()
    .executeTakeFirst();
  return row !== undefined;
}

/** The sign-up lives as long as its newest link (the reminder's is newer than the first). */
export async function keepSignupUntil(trx: Transaction<Schema>, signupId: string, until: Date) {
  await trx
    .updateTable('saved_signups')
    .set({ expires_at: until })
    .where('id', '=', signupId)
    .where('expires_at', '<', until)
    .execute();
}
