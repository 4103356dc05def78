import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/*
 * Operators' passwords (docs/rules/operators.md): scrypt, memory-hard, with a random 16-byte salt
 * per password. The stored text carries its parameters, so they can be raised later and old
 * hashes still verify: 'scrypt$N$r$p$salt$hash' (salt and hash base64url).
 */

/** N = 2^15, r = 8, p = 1: 32 MiB and tens of milliseconds per hash (decision 014). */
export const SCRYPT = { N: 2 ** 15, r: 8, p: 1, keyLength: 64 } as const;

/** The shortest password the CLI accepts. */
export const MIN_PASSWORD_LENGTH = 12;

function derive(password: string, salt: Buffer, options: ScryptOptions, keyLength: number) {
  return new Promise<Buffer>((resolve, reject) => {
    // 128 * N * r bytes, plus room: Node refuses above maxmem.
    const maxmem = 256 * (options.N ?? 0) * (options.r ?? 0) + 1024 * 1024;
    scrypt(password.normalize('NFC'), salt, keyLength, { ...options, maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const { N, r, p, keyLength } = SCRYPT;
  const key = await derive(password, salt, { N, r, p }, keyLength);
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Whether `password` is the one `stored` was made from; compared in constant time. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash, ...rest] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash || rest.length > 0) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(
    password,
    Buffer.from(salt, 'base64url'),
    { N: Number(n), r: Number(r), p: Number(p) },
    expected.length,
  );
  return timingSafeEqual(key, expected);
}

let dummy: Promise<string> | undefined;

/**
 * A hash of no one's password, made once: an unknown email is checked against it, so it takes as
 * long to refuse as a wrong password and the answer's timing does not tell which emails exist.
 */
export const dummyHash = (): Promise<string> =>
  (dummy ??= hashPassword(randomBytes(24).toString('hex')));
