import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { Database } from '../db/database.ts';
import { lockFirstManager, managerExists } from './repository/first-manager.ts';
import { insertOperator, recordAudit } from './repository/operators.ts';
import { inTransaction } from '../db/transactions.ts';
import { hashPassword } from './passwords.ts';
import { newOperatorId, normaliseEmail } from './sessions.ts';

/*
 * The first manager without the command line (docs/rules/operators.md#the-first-manager). While
 * no account has the manager role, the server prints a one-time setup code at start; the console
 * at /admin offers 'Create the first manager' with it. The code is random, kept in this process's
 * memory as a SHA-256 only, and ends when it is used, when any manager exists, or when the
 * process stops. Whoever can read the server's own output may make the first manager: the same
 * person who could run `npm run operator`.
 */

/** Setup attempts a minute per client address: the rate limits hold it. */
export { SETUP_ATTEMPTS_PER_MINUTE } from '../plugins/rate-limits.ts';

/** Who the audit names for an account made with the setup code. */
export const SETUP_AUDIT_NAME = 'setup code';

// No 0/O, 1/I/L or U: read off a terminal and typed without doubt. 16 of 30 signs: 78 bits.
const ALPHABET = 'ABCDEFGHJKMNPQRSTVWXYZ23456789';
const LENGTH = 16;

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/** The code as typed, to the code as made: case, spaces and dashes do not matter. */
export const normaliseSetupCode = (typed: string) => typed.toUpperCase().replace(/[\s-]/g, '');

function newCode(): string {
  let code = '';
  for (let i = 0; i < LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code.replace(/(.{4})(?!$)/g, '$1-');
}

export type FirstManagerResult =
  { ok: true; email: string } | { ok: false; reason: 'closed' | 'wrong_code' | 'email_taken' };

export interface FirstManagerSetup {
  /**
   * At start: a new code when no manager exists (the caller prints it), else undefined, and setup
   * stays closed for good in this process.
   */
  offer(): Promise<string | undefined>;
  /** Whether a code is on offer and no manager exists yet. */
  isOpen(): Promise<boolean>;
  /** Makes the first manager, given the right code while no manager exists; audited. */
  create(input: {
    email: string;
    password: string;
    code: string;
    now: Date;
  }): Promise<FirstManagerResult>;
}

declare module '../context.ts' {
  interface AppContext {
    /** The first manager made with the setup code (operators/first-manager.ts). */
    firstManager: FirstManagerSetup;
  }
}

export function createFirstManagerSetup(database: Database): FirstManagerSetup {
  // The code's hash while one is on offer; null once setup has closed or was never offered.
  let codeHash: Buffer | null = null;

  const closeIfManaged = async () => {
    if (codeHash && (await managerExists(database.db))) codeHash = null;
    return codeHash === null;
  };

  return {
    async offer() {
      if (await managerExists(database.db)) {
        codeHash = null;
        return undefined;
      }
      const code = newCode();
      codeHash = sha256(normaliseSetupCode(code));
      return code;
    },

    async isOpen() {
      return !(await closeIfManaged());
    },

    async create({ email: typed, password, code, now }) {
      if (await closeIfManaged()) return { ok: false, reason: 'closed' };
      const email = normaliseEmail(typed);
      const audit = { operatorEmail: SETUP_AUDIT_NAME, at: now, subjectType: 'operator' };
      if (!timingSafeEqual(sha256(normaliseSetupCode(code)), codeHash!)) {
        await recordAudit(database.db, {
          ...audit,
          subjectId: email,
          action: 'setup_code_refused',
        });
        return { ok: false, reason: 'wrong_code' };
      }
      const password_hash = await hashPassword(password);
      const result = await inTransaction(database.db, async (trx): Promise<FirstManagerResult> => {
        await lockFirstManager(trx);
        if (await managerExists(trx)) return { ok: false, reason: 'closed' };
        const added = await insertOperator(trx, {
          id: newOperatorId(),
          email,
          role: 'manager',
          password_hash,
          created_at: now,
        });
        if (!added) return { ok: false, reason: 'email_taken' };
        await recordAudit(trx, {
          ...audit,
          subjectId: email,
          action: 'operator_added',
          after: { email, role: 'manager' },
        });
        return { ok: true, email };
      });
      // Used, or a manager was made meanwhile: either way the code opens nothing any more.
      if (result.ok || result.reason === 'closed') codeHash = null;
      return result;
    },
  };
}

/** What the server prints at start while no manager exists: where to go, and the code. */
export function setupCodeNotice(code: string, consoleUrl: string): string {
  return [
    '',
    'No operator account has the manager role yet. To make the first manager, open',
    `  ${consoleUrl}`,
    "and choose 'Create the first manager', with this one-time setup code:",
    '',
    `  ${code}`,
    '',
    'It works until a manager exists, and only while this server runs (docs/rules/operators.md).',
    '',
  ].join('\n');
}
