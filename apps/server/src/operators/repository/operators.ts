import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Schema } from '../../db/schema.ts';
import type { OperatorRole } from '../../db/tables/operators.ts';
import { clearBoundsOf } from './sign-in-bounds.ts';

/** The only SQL for operator accounts, their sessions and the audit (docs/rules/operators.md). */

export type OperatorRow = Selectable<Schema['operators']>;
export type { OperatorRole };

type Db = Kysely<Schema> | Transaction<Schema>;

export async function findOperatorByEmail(db: Db, email: string): Promise<OperatorRow | undefined> {
  return db.selectFrom('operators').selectAll().where('email', '=', email).executeTakeFirst();
}

/** Every account, by email: what GET /admin/api/operators lists. */
export async function listOperators(
  db: Db,
): Promise<Array<Pick<OperatorRow, 'email' | 'role' | 'created_at'>>> {
  return db
    .selectFrom('operators')
    .select(['email', 'role', 'created_at'])
    .orderBy('email')
    .execute();
}

/** Adds an account; false when the email already has one. */
export async function insertOperator(
  db: Db,
  row: Pick<OperatorRow, 'id' | 'email' | 'role' | 'password_hash' | 'created_at'>,
): Promise<boolean> {
  const added = await db
    .insertInto('operators')
    .values({ ...row, updated_at: row.created_at })
    .onConflict((c) => c.column('email').doNothing())
    .returning('id')
    .executeTakeFirst();
  return added !== undefined;
}

/** Removes an account and, with it, its sessions; the removed row, if there was one. */
export async function deleteOperator(db: Db, email: string): Promise<OperatorRow | undefined> {
  return db.deleteFrom('operators').where('email', '=', email).returningAll().executeTakeFirst();
}

/**
 * A stored hash made again with today's parameters, kept only if the account's hash is still the
 * one it was made from (a password changed meanwhile wins).
 */
export async function replacePasswordHash(
  db: Db,
  id: string,
  was: string,
  hash: string,
): Promise<void> {
  await db
    .updateTable('operators')
    .set({ password_hash: hash })
    .where('id', '=', id)
    .where('password_hash', '=', was)
    .execute();
}

export type SessionRow = Selectable<Schema['operator_sessions']>;

export async function insertSession(db: Db, row: SessionRow): Promise<void> {
  await db.insertInto('operator_sessions').values(row).execute();
}

/** The session whose token hashes to `tokenHash`, with its operator. */
export async function findSession(
  db: Db,
  tokenHash: string,
): Promise<(SessionRow & Pick<OperatorRow, 'email' | 'role'>) | undefined> {
  return db
    .selectFrom('operator_sessions')
    .innerJoin('operators', 'operators.id', 'operator_sessions.operator_id')
    .select([
      'operator_sessions.token_hash',
      'operator_sessions.operator_id',
      'operator_sessions.csrf_token',
      'operator_sessions.created_at',
      'operator_sessions.last_seen_at',
      'operator_sessions.expires_at',
      'operators.email',
      'operators.role',
    ])
    .where('operator_sessions.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function touchSession(db: Db, tokenHash: string, now: Date): Promise<void> {
  await db
    .updateTable('operator_sessions')
    .set({ last_seen_at: now })
    .where('token_hash', '=', tokenHash)
    .execute();
}

export async function deleteSession(db: Db, tokenHash: string): Promise<void> {
  await db.deleteFrom('operator_sessions').where('token_hash', '=', tokenHash).execute();
}

/** Sessions past their absolute end or idle too long, removed as they are met. */
export async function deleteEndedSessions(db: Db, now: Date, idleSince: Date): Promise<void> {
  await db
    .deleteFrom('operator_sessions')
    .where((eb) => eb.or([eb('expires_at', '<=', now), eb('last_seen_at', '<=', idleSince)]))
    .execute();
}

export interface AuditEntry {
  /** Who: the operator's email ('cli' for the command line). */
  operatorEmail: string;
  at: Date;
  /** What, as a verb: 'sign_in', 'order_cancelled', 'operator_added'. */
  action: string;
  subjectType: string;
  subjectId: string | null;
  before?: unknown;
  after?: unknown;
}

/**
 * Records one change by an operator. Pass the transaction of the change itself, so the change
 * and its record commit together (db/transactions.ts).
 */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));
  await db
    .insertInto('operator_audit')
    .values({
      operator_email: entry.operatorEmail,
      at: entry.at,
      action: entry.action,
      subject_type: entry.subjectType,
      subject_id: entry.subjectId,
      before: json(entry.before),
      after: json(entry.after),
    })
    .execute();
}

export type AuditRow = Selectable<Schema['operator_audit']>;

/** The audit of one subject, oldest first. */
export async function auditOf(db: Db, subjectType: string, subjectId: string): Promise<AuditRow[]> {
  return db
    .selectFrom('operator_audit')
    .selectAll()
    .where('subject_type', '=', subjectType)
    .where('subject_id', '=', subjectId)
    .orderBy('id')
    .execute();
}

/**
 * Lifts every sign-in bound on an account's email (its own count, and its counts at each address),
 * with the audit record in the same transaction; the email's own count as it was (none when it had
 * none), or undefined when the email has no account.
 */
export async function unlockOperator(
  db: Kysely<Schema>,
  email: string,
  audit: Pick<AuditEntry, 'operatorEmail' | 'at'>,
): Promise<{ failures: number; nextAt: Date | null } | undefined> {
  return db.transaction().execute(async (trx) => {
    const account = await trx
      .selectFrom('operators')
      .select(['id'])
      .where('email', '=', email)
      .forUpdate()
      .executeTakeFirst();
    if (!account) return undefined;
    const row = await clearBoundsOf(trx, email);
    const before = { failures: row?.failures ?? 0, nextAt: row?.next_at ?? null };
    const record = (bound: typeof before) => ({
      failures: bound.failures,
      nextAttemptAt: bound.nextAt?.toISOString() ?? null,
    });
    await recordAudit(trx, {
      ...audit,
      action: 'operator_unlocked',
      subjectType: 'operator',
      subjectId: email,
      before: record(before),
      after: record({ failures: 0, nextAt: null }),
    });
    return before;
  });
}
