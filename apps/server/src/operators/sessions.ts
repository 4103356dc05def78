import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../context.ts';
import {
  deleteEndedSessions,
  deleteSession,
  findOperatorByEmail,
  findSession,
  insertSession,
  recordAudit,
  replacePasswordHash,
  touchSession,
  type OperatorRole,
} from './repository/operators.ts';
import { admitAttempt, BOUNDS, EMAIL_CEILING, rightPassword } from './bounds.ts';
import { dummyHash, hashPassword, needsRehash, NO_PASSWORD, verifyPassword } from './passwords.ts';

/*
 * Signing in, sessions and their CSRF tokens (docs/rules/operators.md,
 * docs/decisions/014-operator-sign-in.md).
 */

/** A session ends when unused this long... */
export const IDLE_MS = 8 * 60 * 60 * 1000;
/** ...and this long after sign-in in any case. */
export const ABSOLUTE_MS = 24 * 60 * 60 * 1000;
/** Sign-in attempts per minute per client address: the rate limits hold it. */
export { SIGN_INS_PER_MINUTE } from '../plugins/rate-limits.ts';

export const COOKIE = 'fibre_operator';

export interface SignedIn {
  email: string;
  role: OperatorRole;
  csrfToken: string;
  expiresAt: Date;
  tokenHash: string;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const randomToken = () => randomBytes(32).toString('base64url');

/** Emails are kept trimmed and lower-cased: one account per address however it is typed. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/**
 * The email rule of every account, whoever makes it (the CLI, the setup code, the identity
 * service; docs/rules/operators.md#accounts): a name, `@` and a domain with a dot, no spaces and
 * no control characters (PostgreSQL's text holds no NUL), at most 254 characters.
 */
export const isOperatorEmail = (email: string) =>
  email.length <= 254 && /^[^\s@\p{Cc}]+@[^\s@\p{Cc}]+\.[^\s@\p{Cc}]+$/u.test(email);

export type SignInResult =
  | { ok: true; token: string; session: SignedIn }
  /** The password was checked and is not right, or the email has no account. */
  | { ok: false; reason: 'wrong' }
  /** Not checked: a bound holds until `retryAt` (null: until a manager lifts it). */
  | { ok: false; reason: 'delayed'; retryAt: Date | null };

/**
 * Email and password to a new session (docs/rules/operators.md#signing-in). The attempt is counted
 * under its bounds (bounds.ts) before anything else; while one holds it is refused unchecked,
 * whether or not the email has an account. A counted attempt at an unknown email is checked
 * against a dummy hash, so every checked refusal takes a hash's time and answers alike.
 */
export async function signIn(
  ctx: AppContext,
  emailTyped: string,
  password: string,
  clientAddress: string,
): Promise<SignInResult> {
  const db = ctx.database.db;
  const email = normaliseEmail(emailTyped);
  const admission = await admitAttempt(db, email, clientAddress, ctx.now());
  if (!admission.admitted) return { ok: false, reason: 'delayed', retryAt: admission.retryAt };
  const operator = await findOperatorByEmail(db, email);
  if (!operator) {
    await verifyPassword(password, await dummyHash());
    return { ok: false, reason: 'wrong' };
  }
  // An account the identity service made has no password: checked against the dummy hash, so it
  // answers as an unknown email does, in a hash's time (docs/rules/operators.md).
  const hasPassword = operator.password_hash !== NO_PASSWORD;
  const checked = await verifyPassword(
    password,
    hasPassword ? operator.password_hash : await dummyHash(),
  );
  const right = hasPassword && checked;
  const now = ctx.now();
  const audit = (action: string, after?: unknown) =>
    recordAudit(db, {
      operatorEmail: email,
      at: now,
      action,
      subjectType: 'operator',
      subjectId: email,
      after,
    });
  if (!right) {
    const { failures } = admission;
    // The wrong password that starts the email's wait, or reaches its ceiling, is named as such.
    const action =
      failures === EMAIL_CEILING
        ? 'account_locked'
        : failures === BOUNDS.email.free
          ? 'sign_in_delayed'
          : 'sign_in_refused';
    await audit(action, { failures });
    return { ok: false, reason: 'wrong' };
  }
  await rightPassword(db, admission, now);
  // Hashed again with today's parameters when the stored hash has older ones (decision 014).
  if (needsRehash(operator.password_hash)) {
    await replacePasswordHash(
      db,
      operator.id,
      operator.password_hash,
      await hashPassword(password),
    );
  }
  const { token, session } = await startSession(ctx, {
    id: operator.id,
    email,
    role: operator.role,
  });
  await audit('sign_in');
  return { ok: true, token, session };
}

/**
 * A new session for an operator whose sign-in has been checked: by password (above) or by the
 * identity service (oidc.ts). Both get the same session, cookie and CSRF token.
 */
export async function startSession(
  ctx: AppContext,
  operator: { id: string; email: string; role: OperatorRole },
): Promise<{ token: string; session: SignedIn }> {
  const now = ctx.now();
  const token = randomToken();
  const session: SignedIn = {
    email: operator.email,
    role: operator.role,
    csrfToken: randomToken(),
    expiresAt: new Date(now.getTime() + ABSOLUTE_MS),
    tokenHash: sha256(token),
  };
  await insertSession(ctx.database.db, {
    token_hash: session.tokenHash,
    operator_id: operator.id,
    csrf_token: session.csrfToken,
    created_at: now,
    last_seen_at: now,
    expires_at: session.expiresAt,
  });
  return { token, session };
}

/** The live session the cookie's token names, its idle time restarted; none when it has ended. */
export async function sessionOf(
  ctx: AppContext,
  token: string | undefined,
): Promise<SignedIn | undefined> {
  if (!token) return undefined;
  const db = ctx.database.db;
  const now = ctx.now();
  const tokenHash = sha256(token);
  const row = await findSession(db, tokenHash);
  if (!row) return undefined;
  if (row.expires_at <= now || row.last_seen_at.getTime() + IDLE_MS <= now.getTime()) {
    await deleteEndedSessions(db, now, new Date(now.getTime() - IDLE_MS));
    return undefined;
  }
  await touchSession(db, tokenHash, now);
  return {
    email: row.email,
    role: row.role,
    csrfToken: row.csrf_token,
    expiresAt: row.expires_at,
    tokenHash,
  };
}

export async function signOut(ctx: AppContext, session: SignedIn): Promise<void> {
  await deleteSession(ctx.database.db, session.tokenHash);
  await recordAudit(ctx.database.db, {
    operatorEmail: session.email,
    at: ctx.now(),
    action: 'sign_out',
    subjectType: 'operator',
    subjectId: session.email,
  });
}

/** Whether `sent` is the session's CSRF token; compared in constant time. */
export function csrfMatches(session: SignedIn, sent: string | undefined): boolean {
  if (!sent) return false;
  return timingSafeEqual(
    createHash('sha256').update(sent).digest(),
    createHash('sha256').update(session.csrfToken).digest(),
  );
}

export const newOperatorId = () => randomUUID();
