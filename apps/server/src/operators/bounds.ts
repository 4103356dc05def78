import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema.ts';
import { clientKey } from '../plugins/in-flight.ts';
import { withBounds, type BoundKey, type BoundRow } from './repository/sign-in-bounds.ts';

/*
 * How sign-in attempts are bounded (docs/rules/operators.md#signing-in; why:
 * docs/decisions/014-operator-sign-in.md, "Update (issue 28)"). Every attempt is counted under
 * three keys before its password is checked, in one transaction holding their rows:
 *
 * - the email typed (any address), whether or not it has an account;
 * - the client address (any email);
 * - the email at that address.
 *
 * Under each key, wrong passwords in a row past its free number make the next attempt wait, the
 * wait doubling with each one up to a cap; an attempt that comes before its wait is over is
 * refused without being checked or counted. An email's 100th wrong password in a row holds it
 * until a manager lifts the bound. From an address where the account's own password was right in
 * the last 90 days, the first wrong passwords (the email-at-address count's free number) are held
 * by that count alone: a stranger elsewhere cannot keep the staff member out.
 */

export interface Bound {
  /** Wrong passwords in a row that cost no wait. */
  free: number;
  /** The wait after the first wrong password past `free`; each further one doubles it... */
  firstWaitMs: number;
  /** ...up to this. */
  capMs: number;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const BOUNDS = {
  /** The email at one address: 5 free, then 1 s, 2 s, 4 s, … up to 15 minutes. */
  pair: { free: 5, firstWaitMs: SECOND, capMs: 15 * MINUTE },
  /** One address at every email: 20 free (an office shares one), then 1 s … 15 minutes. */
  address: { free: 20, firstWaitMs: SECOND, capMs: 15 * MINUTE },
  /** One email from every address: 10 free, then 30 s, 1 min, … up to an hour. */
  email: { free: 10, firstWaitMs: 30 * SECOND, capMs: HOUR },
} as const satisfies Record<string, Bound>;

/** An email's wrong passwords in a row that hold it until a manager lifts the bound (NIST 800-63B). */
export const EMAIL_CEILING = 100;
/** An address's counts (its own, and an email's at it) are forgotten this long after the last. */
export const FORGET_MS = DAY;
/** A right password makes its address the account's own for this long. */
export const OWN_ADDRESS_MS = 90 * DAY;

/** The wait before the next attempt after `failures` wrong passwords in a row. */
export function waitAfter(failures: number, bound: Bound): number {
  if (failures < bound.free) return 0;
  return Math.min(bound.capMs, bound.firstWaitMs * 2 ** Math.min(failures - bound.free, 40));
}

/** What an admitted attempt counted: per key, its count with this attempt and its wait before. */
interface Counted {
  key: BoundKey;
  failures: number;
  nextAtBefore: Date | null;
}

export type Admission =
  /** `own`: from an address the account's own password was right at lately (held by its own count). */
  | { admitted: true; counted: Counted[]; failures: number; own: boolean }
  /** `retryAt` null: held until a manager lifts the bound. */
  | { admitted: false; retryAt: Date | null };

const later = (a: Date | null, b: Date | null) => (!a ? b : !b ? a : a > b ? a : b);

/** A key's row as it stands at `now`: an address's counts forgotten a day after the last. */
function current(row: BoundRow, forgets: boolean, now: Date): BoundRow {
  if (forgets && row.last_failure_at && row.last_failure_at.getTime() + FORGET_MS <= now.getTime())
    return { ...row, failures: 0, next_at: null, last_failure_at: null };
  return row;
}

const keysOf = (email: string, ip: string) => {
  const address = clientKey(ip);
  return {
    email: { email, address: '' },
    address: { email: '', address },
    pair: { email, address },
  };
};

/**
 * Counts an attempt at `email` from `ip` before its password is checked, or refuses it while a
 * bound holds (then nothing is counted). `email` is as typed, normalised; no account is looked up.
 */
export async function admitAttempt(
  db: Kysely<Schema>,
  email: string,
  ip: string,
  now: Date,
): Promise<Admission> {
  const keys = keysOf(email, ip);
  return withBounds<Admission>(db, [keys.email, keys.address, keys.pair], (locked) => {
    const [emailRow, addressRow, pairRow] = [
      current(locked[0]!, false, now),
      current(locked[1]!, true, now),
      current(locked[2]!, true, now),
    ];
    const own =
      pairRow.signed_in_at !== null &&
      pairRow.signed_in_at.getTime() + OWN_ADDRESS_MS > now.getTime() &&
      pairRow.failures < BOUNDS.pair.free;
    // From the account's own address only its own count holds it.
    const holding = own ? [pairRow] : [emailRow, addressRow, pairRow];
    if (!own && emailRow.failures >= EMAIL_CEILING) {
      return { write: [], result: { admitted: false, retryAt: null } };
    }
    const waitUntil = holding
      .map((row) => row.next_at)
      .reduce((a, b) => later(a, b), null as Date | null);
    if (waitUntil && waitUntil > now) {
      return { write: [], result: { admitted: false, retryAt: waitUntil } };
    }
    const bounds = [BOUNDS.email, BOUNDS.address, BOUNDS.pair];
    const counted: Counted[] = [];
    const write = [emailRow, addressRow, pairRow].map((row, i) => {
      const failures = row.failures + 1;
      const wait = waitAfter(failures, bounds[i]!);
      counted.push({
        key: { email: row.email, address: row.address },
        failures,
        nextAtBefore: row.next_at,
      });
      return {
        ...row,
        failures,
        next_at: wait > 0 ? later(row.next_at, new Date(now.getTime() + wait)) : row.next_at,
        last_failure_at: now,
      };
    });
    return { write, result: { admitted: true, counted, failures: emailRow.failures + 1, own } };
  });
}

/**
 * A right password takes its attempt's count back. Under a key nothing else counted at meanwhile,
 * the wrong passwords in a row end (the count starts again) but a wait already set by earlier ones
 * stays; under a key others counted at meanwhile (a burst), only this attempt's one is taken back
 * and their wait stands. A right password from the account's own address, which the email's count
 * did not hold, does not end the email's run either: it says nothing of the attempts elsewhere,
 * and would otherwise give a stranger a fresh allowance at each of the owner's sign-ins. The
 * address becomes (or stays) the account's own.
 */
export async function rightPassword(
  db: Kysely<Schema>,
  admission: Extract<Admission, { admitted: true }>,
  now: Date,
): Promise<void> {
  const { counted, own } = admission;
  await withBounds(
    db,
    counted.map((c) => c.key),
    (rows) => ({
      result: undefined,
      write: rows.map((row, i) => {
        const mine = counted[i]!;
        const alone = row.failures === mine.failures;
        const pair = row.email !== '' && row.address !== '';
        const emailRun = row.email !== '' && row.address === '';
        const ends = alone && !(own && emailRun);
        return {
          ...row,
          failures: ends ? 0 : Math.max(0, row.failures - 1),
          next_at: alone ? mine.nextAtBefore : row.next_at,
          signed_in_at: pair ? now : row.signed_in_at,
        };
      }),
    }),
  );
}
