import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/*
 * Operators' passwords (docs/rules/operators.md): scrypt, memory-hard, with a random 16-byte salt
 * per password. The stored text carries its parameters, so they can be raised later and old
 * hashes still verify: 'scrypt$N$r$p$salt$hash' (salt and hash base64url). A right password
 * whose hash has weaker parameters than these is hashed again (needsRehash, sessions.ts).
 */

export interface ScryptParameters {
  N: number;
  r: number;
  p: number;
  keyLength: number;
}

/**
 * N = 2^17, r = 8, p = 1: OWASP's minimum for scrypt (Password Storage Cheat Sheet), 128 MiB and
 * about half a second per hash (decision 014). Every new hash in the product gets these.
 */
export const SCRYPT: ScryptParameters = { N: 2 ** 17, r: 8, p: 1, keyLength: 64 };

/**
 * Far cheaper parameters for tests that sign in many times (scryptForTests). Never in production:
 * nothing outside a test run can choose them.
 */
export const TEST_SCRYPT: ScryptParameters = { N: 2 ** 10, r: 8, p: 1, keyLength: 64 };

let inUse: ScryptParameters = SCRYPT;

/**
 * Tests only: new hashes (and the dummy hash) use `parameters` instead of SCRYPT from now on in
 * this test worker (the server's test files share their modules: a file that needs SCRYPT sets
 * it). Throws outside a Vitest run, so a server can never be started on them.
 */
export function scryptForTests(parameters: ScryptParameters): void {
  if (!process.env.VITEST) throw new Error('scrypt parameters are chosen only in tests');
  inUse = parameters;
}

/** The parameters new hashes get: SCRYPT, except in tests that chose others. */
export const scryptInUse = (): ScryptParameters => inUse;

/**
 * The stored "hash" of an account the identity service made (docs/rules/operators.md#signing-in-through-the-providers-identity-service):
 * not a hash of anything, so no password signs it in.
 */
export const NO_PASSWORD = 'none: signs in through the identity service';

/** The shortest password the CLI accepts. */
export const MIN_PASSWORD_LENGTH = 12;

function derive(password: string, salt: Buffer, options: ScryptOptions, keyLength: number) {
  return new Promise<Buffer>((resolve, reject) => {
    // 128 * N * r bytes, plus room: Node refuses above maxmem (32 MiB unless told).
    const maxmem = 256 * (options.N ?? 0) * (options.r ?? 0) + 1024 * 1024;
    scrypt(password.normalize('NFC'), salt, keyLength, { ...options, maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const { N, r, p, keyLength } = inUse;
  const key = await derive(password, salt, { N, r, p }, keyLength);
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

function parse(stored: string) {
  const [scheme, n, r, p, salt, hash, ...rest] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash || rest.length > 0) return undefined;
  const key = Buffer.from(hash, 'base64url');
  return { N: Number(n), r: Number(r), p: Number(p), salt, key };
}

/** Whether `password` is the one `stored` was made from; compared in constant time. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const { N, r, p, salt, key: expected } = parsed;
  const key = await derive(password, Buffer.from(salt, 'base64url'), { N, r, p }, expected.length);
  return timingSafeEqual(key, expected);
}

/** Whether a stored hash was made with weaker parameters than new hashes get. */
export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  if (!parsed) return true;
  return (
    parsed.N < inUse.N ||
    parsed.r < inUse.r ||
    parsed.p < inUse.p ||
    parsed.key.length < inUse.keyLength
  );
}

const dummies = new Map<string, Promise<string>>();

/**
 * A hash of no one's password, made once per parameters: an unknown email is checked against it,
 * with the parameters new hashes get, so it takes as long to refuse as a wrong password and the
 * answer's timing does not tell which emails exist.
 */
export function dummyHash(): Promise<string> {
  const key = JSON.stringify(inUse);
  let dummy = dummies.get(key);
  if (!dummy) {
    dummy = hashPassword(randomBytes(24).toString('hex'));
    dummies.set(key, dummy);
  }
  return dummy;
}
