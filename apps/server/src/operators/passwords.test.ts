import { beforeAll, describe, expect, it } from 'vitest';
import {
  dummyHash,
  hashPassword,
  needsRehash,
  SCRYPT,
  scryptForTests,
  scryptInUse,
  TEST_SCRYPT,
  verifyPassword,
} from './passwords.ts';

describe('operator passwords (docs/rules/operators.md)', () => {
  // The server's test files share a worker's modules (apps/server/vitest.config.ts): an earlier
  // file may have chosen the cheap parameters.
  beforeAll(() => scryptForTests(SCRYPT));

  it("uses OWASP's minimum for scrypt: N = 2^17, r = 8, p = 1", async () => {
    expect(SCRYPT).toEqual({ N: 2 ** 17, r: 8, p: 1, keyLength: 64 });
    expect(scryptInUse()).toBe(SCRYPT);
    const stored = await hashPassword('a new password');
    expect(stored.split('$').slice(0, 4)).toEqual(['scrypt', '131072', '8', '1']);
    expect(needsRehash(stored)).toBe(false);
  });

  it('checks an unknown email against a dummy hash with the same parameters', async () => {
    const dummy = await dummyHash();
    expect(dummy.split('$').slice(0, 4)).toEqual(['scrypt', '131072', '8', '1']);
    expect(Buffer.from(dummy.split('$')[5]!, 'base64url')).toHaveLength(SCRYPT.keyLength);
    expect(await dummyHash()).toBe(dummy);
  });

  it('hashes again a stored hash with weaker parameters', async () => {
    const salt = Buffer.alloc(16).toString('base64url');
    const key = Buffer.alloc(64).toString('base64url');
    expect(needsRehash(`scrypt$${2 ** 15}$8$1$${salt}$${key}`)).toBe(true);
    expect(needsRehash(`scrypt$${2 ** 17}$4$1$${salt}$${key}`)).toBe(true);
    expect(
      needsRehash(`scrypt$${2 ** 17}$8$1$${salt}$${Buffer.alloc(32).toString('base64url')}`),
    ).toBe(true);
    expect(needsRehash(`scrypt$${2 ** 18}$8$1$${salt}$${key}`)).toBe(false);
  });

  it('chooses cheaper parameters only in a test run', () => {
    const vitest = process.env.VITEST;
    delete process.env.VITEST;
    try {
      expect(() => scryptForTests(TEST_SCRYPT)).toThrow('only in tests');
      expect(scryptInUse()).toBe(SCRYPT);
    } finally {
      process.env.VITEST = vitest;
    }
  });

  it('hashes with scrypt, a salt and its parameters, and verifies only the same password', async () => {
    const stored = await hashPassword('correct horse battery');
    const [scheme, n, r, p, salt, hash] = stored.split('$');
    expect([scheme, Number(n), Number(r), Number(p)]).toEqual([
      'scrypt',
      SCRYPT.N,
      SCRYPT.r,
      SCRYPT.p,
    ]);
    expect(Buffer.from(salt!, 'base64url')).toHaveLength(16);
    expect(Buffer.from(hash!, 'base64url')).toHaveLength(SCRYPT.keyLength);
    expect(stored).not.toContain('correct horse');
    expect(await verifyPassword('correct horse battery', stored)).toBe(true);
    expect(await verifyPassword('correct horse batterY', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('salts each hash: the same password hashes differently', async () => {
    const [a, b] = await Promise.all([
      hashPassword('same password'),
      hashPassword('same password'),
    ]);
    expect(a).not.toBe(b);
    expect(await verifyPassword('same password', b)).toBe(true);
  });

  it('verifies with the parameters stored beside the hash', async () => {
    const stored = await hashPassword('a password of old');
    const [, , , , salt] = stored.split('$');
    // Made with other parameters (N = 2^14): still verified by what it says.
    const { scryptSync } = await import('node:crypto');
    const key = scryptSync('a password of old', Buffer.from(salt!, 'base64url'), 32, {
      N: 2 ** 14,
    });
    const older = `scrypt$${2 ** 14}$8$1$${salt}$${key.toString('base64url')}`;
    expect(await verifyPassword('a password of old', older)).toBe(true);
    expect(await verifyPassword('another', older)).toBe(false);
  });

  it('refuses a stored text that is not its format', async () => {
    expect(await verifyPassword('x', 'plain-text')).toBe(false);
    expect(await verifyPassword('x', 'bcrypt$1$2$3$4$5')).toBe(false);
  });
});
