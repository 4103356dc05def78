import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from '../db/database.ts';
import { auditOf, findOperatorByEmail } from './repository/operators.ts';
import { verifyPassword } from './passwords.ts';
import { keyHash } from './api-keys.ts';

// docs/rules/operators.md: `npm run operator -- add|remove|key`, on a scratch PGlite data directory.

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'operator-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const DATA_DIR = join(dir, 'data');

/** `npm run operator -- ARGS` from the repository's root, as a provider runs it. */
function operator(
  args: string[],
  env: Record<string, string | undefined> = {},
): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', 'operator', '--', ...args], {
      cwd: repoRoot,
      env: { ...process.env, LOG_LEVEL: 'warn', DATA_DIR, DATABASE_URL: '', ...env },
      // No terminal: the password comes from OPERATOR_PASSWORD or not at all.
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('exit', (code) => resolve({ code, out, err }));
  });
}

/** The account as stored, read after the CLI has let go of the data directory. */
async function stored(email: string) {
  const database = await openPglite(DATA_DIR);
  try {
    return {
      row: await findOperatorByEmail(database.db, email),
      audit: await auditOf(database.db, 'operator', email),
    };
  } finally {
    await database.close();
  }
}

const PASSWORD = 'twelve chars or more';

// Each run starts npm and opens PGlite; adding hashes with scrypt at N = 2^17 (128 MiB).
describe('npm run operator', { timeout: 180_000 }, () => {
  it('adds a manager with the password from OPERATOR_PASSWORD, hashed', async () => {
    const { code, out, err } = await operator(['add', ' Boss@Example.com', '--role', 'manager'], {
      OPERATOR_PASSWORD: PASSWORD,
    });
    expect(err).not.toContain('failed');
    expect(code).toBe(0);
    expect(out).toContain('boss@example.com: added as manager');
    const { row, audit } = await stored('boss@example.com');
    expect(row).toMatchObject({ email: 'boss@example.com', role: 'manager' });
    expect(row!.password_hash).toMatch(/^scrypt\$/);
    expect(await verifyPassword(PASSWORD, row!.password_hash)).toBe(true);
    expect(audit.map((a) => [a.operator_email, a.action, a.after])).toEqual([
      ['cli', 'operator_added', { email: 'boss@example.com', role: 'manager' }],
    ]);
  });

  it('refuses an email that already has an account, a short password and no password', async () => {
    const again = await operator(['add', 'boss@example.com', '--role', 'viewer'], {
      OPERATOR_PASSWORD: PASSWORD,
    });
    expect(again.code).toBe(1);
    expect(again.err).toContain('boss@example.com already has an account');

    const short = await operator(['add', 'new@example.com', '--role', 'viewer'], {
      OPERATOR_PASSWORD: 'short',
    });
    expect(short.code).toBe(1);
    expect(short.err).toContain('the password must be at least 12 characters');

    const none = await operator(['add', 'new@example.com', '--role', 'viewer'], {
      OPERATOR_PASSWORD: undefined,
    });
    expect(none.code).toBe(1);
    expect(none.err).toContain('set OPERATOR_PASSWORD, or run this in a terminal');
    expect((await stored('new@example.com')).row).toBeUndefined();
  });

  it('says how to use it when the command or role is wrong, or the email is not one', async () => {
    for (const args of [['add', 'x@example.com', '--role', 'admin'], ['list'], ['remove']]) {
      const { code, err } = await operator(args);
      expect(code).toBe(2);
      expect(err).toContain('usage: npm run operator -- add EMAIL --role manager|viewer');
    }
    const bad = await operator(['remove', 'not-an-email']);
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('not-an-email is not an email address');
  });

  it('removes an account, and says so when there is none', async () => {
    const { code, out } = await operator(['remove', 'BOSS@example.com']);
    expect(code).toBe(0);
    expect(out).toContain('boss@example.com: removed');
    const { row, audit } = await stored('boss@example.com');
    expect(row).toBeUndefined();
    expect(audit.map((a) => a.action)).toEqual(['operator_added', 'operator_removed']);

    const again = await operator(['remove', 'boss@example.com']);
    expect(again.code).toBe(1);
    expect(again.err).toContain('boss@example.com has no account');
  });

  it('makes an API key, prints it once, lists it by its prefix and revokes it, audited by cli', async () => {
    const made = await operator(['key', 'create', 'billing sync', '--role', 'viewer']);
    expect(made.err).not.toContain('failed');
    expect(made.code).toBe(0);
    const [said, key] = made.out.trim().split('\n');
    expect(said).toBe(
      'billing sync: a viewer key (orders:read). It is shown this once; keep it now:',
    );
    expect(key).toMatch(/^fk_[A-Za-z0-9_-]{43}$/);
    const database = await openPglite(DATA_DIR);
    try {
      const row = await database.db.selectFrom('api_keys').selectAll().executeTakeFirstOrThrow();
      expect(row).toMatchObject({ name: 'billing sync', role: 'viewer', created_by: 'cli' });
      expect(row.key_hash).toBe(keyHash(key!));
      expect(row.prefix).toBe(key!.slice(0, 10));
      expect((await auditOf(database.db, 'api_key', row.id)).map((a) => a.operator_email)).toEqual([
        'cli',
      ]);
    } finally {
      await database.close();
    }

    const taken = await operator(['key', 'create', 'billing sync', '--role', 'manager']);
    expect(taken.code).toBe(1);
    expect(taken.err).toContain('a live key is already named billing sync');

    // docs/rules/operators.md#api-keys: scopes given with --scopes; a viewer key takes none.
    const scoped = await operator([
      'key',
      'create',
      'hooks',
      '--role',
      'manager',
      '--scopes',
      'webhooks:manage,orders:act',
    ]);
    expect(scoped.code, scoped.err).toBe(0);
    expect(scoped.out).toContain(
      'hooks: a manager key (orders:read, orders:act, webhooks:manage).',
    );
    const viewerScoped = await operator([
      'key',
      'create',
      'v',
      '--role',
      'viewer',
      '--scopes',
      'orders:act',
    ]);
    expect(viewerScoped.code).toBe(1);
    expect(viewerScoped.err).toContain('a viewer key reads only');
    const unknownScope = await operator([
      'key',
      'create',
      'u',
      '--role',
      'manager',
      '--scopes',
      'keys:manage',
    ]);
    expect(unknownScope.code).toBe(2);

    const list = await operator(['key', 'list']);
    expect(list.code).toBe(0);
    expect(list.out).toContain('hooks\tmanager\t');
    expect(list.out).toContain('\torders:read,orders:act,webhooks:manage\t');
    expect(list.out).toContain(`billing sync\tviewer\t${key!.slice(0, 10)}…\torders:read\t`);
    expect(list.out).not.toContain(key);

    const revoked = await operator(['key', 'revoke', 'billing sync']);
    expect(revoked.code).toBe(0);
    expect(revoked.out).toContain('billing sync: revoked');
    const again = await operator(['key', 'revoke', 'billing sync']);
    expect(again.code).toBe(1);
    expect(again.err).toContain('no live key is named billing sync');

    for (const args of [['key', 'create', 'x', '--role', 'admin'], ['key'], ['key', 'revoke']]) {
      const wrong = await operator(args);
      expect(wrong.code).toBe(2);
      expect(wrong.err).toContain('npm run operator -- key create NAME --role viewer|manager');
    }
  });
});
