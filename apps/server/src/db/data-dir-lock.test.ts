import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { findOperatorByEmail } from '../operators/repository/operators.ts';
import { freshPostgres } from '../test-support/app.ts';
import { freePort, npmScript, startServerProcess } from '../test-support/process.ts';
import { openPglite } from './database.ts';
import { DataDirInUse, lockDataDir } from './data-dir-lock.ts';
import { prepare } from '../app/open-database.ts';

/*
 * docs/rules/operators.md#one-process-per-data-directory: one process owns an embedded data
 * directory. Before, `npm run operator -- add` beside a running server printed 'added', and every
 * sign-in afterwards answered 500 (two PGlite instances, each with its own copy of the sequences).
 */

const serverDir = fileURLToPath(new URL('../..', import.meta.url));
const home = mkdtempSync(join(tmpdir(), 'data-dir-lock-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));
let dirs = 0;
const newDataDir = () => join(home, `data-${++dirs}`);

const PASSWORD = 'twelve chars or more';
// A CLI or a server must not pick up the test run's own database settings.
const embedded = { DATABASE_URL: '', LOG_LEVEL: 'warn' };

/** Every file under `dir` with its size and modification time: what "nothing was written" compares. */
function listing(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      if (entry.isDirectory()) walk(path);
      else {
        const stat = statSync(path);
        files[path.slice(dir.length)] = `${stat.size} ${stat.mtimeMs}`;
      }
    }
  };
  walk(dir);
  return files;
}

const claims = (dir: string) => readdirSync(dir).filter((name) => /^\.owner-.*\.lock$/.test(name));

/** src/server.ts in its own process until it exits (it is expected to refuse): code and output. */
function serverRun(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: serverDir,
      env: { ...process.env, HOST: '127.0.0.1', ...embedded, ...env },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/** test-support/hold-data-dir.ts in its own process; resolves with its first line. */
function holder(
  args: string[],
): Promise<{ child: ChildProcess; line: string; exited: Promise<void> }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'src/test-support/hold-data-dir.ts', ...args],
      {
        cwd: serverDir,
        env: { ...process.env, ...embedded },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const end = out.indexOf('\n');
      if (end >= 0) resolve({ child, line: out.slice(0, end), exited });
    });
    child.once('exit', (code) => {
      if (!out.includes('\n'))
        reject(new Error(`holder exited with ${code} before saying anything`));
    });
  });
}

describe('a second process on an embedded data directory', { timeout: 480_000 }, () => {
  it('is refused by the operator, catalogue and addresses CLIs and a second server, which write nothing', async () => {
    const dataDir = newDataDir();
    // This process owns the directory, migrated and seeded as a server's first start leaves it.
    const owner = await openPglite(dataDir, { owner: 'the test' });
    try {
      await prepare(owner, loadConfig({ ADDRESS_INDEX_SIZE: '200' }));
      const before = listing(dataDir);
      const env = { ...embedded, DATA_DIR: dataDir };
      const runs = {
        operator: await npmScript('operator', ['add', 'boss@example.com', '--role', 'manager'], {
          ...env,
          OPERATOR_PASSWORD: PASSWORD,
        }),
        catalogue: await npmScript('catalogue', ['import', 'catalogue/demo.yaml'], env),
        addresses: await npmScript(
          'addresses',
          ['import', 'apps/server/src/addresses/gnaf-sample'],
          env,
        ),
      };
      const failed = {
        operator: 'operator add failed: ',
        catalogue: 'catalogue import failed: ',
        addresses: 'addresses import failed: ',
      };
      for (const [name, run] of Object.entries(runs)) {
        expect(run.code, `${name}: ${run.out}${run.err}`).toBe(1);
        expect(run.err).toContain(failed[name as keyof typeof failed]);
        expect(run.err).toContain(`DATA_DIR ${dataDir} is in use by the test (pid ${process.pid}`);
        expect(run.err).toContain('Stop that process first');
        expect(run.out).not.toContain('added');
        expect(run.out).not.toContain('imported');
      }
      // The operator command also says how to make the first manager without stopping anything.
      expect(runs.operator.err).toContain('setup code');

      const second = await serverRun({ ...env, PORT: String(await freePort()) });
      expect(second.code, second.output).toBe(78);
      expect(second.output).toContain(
        `DATA_DIR ${dataDir} is in use by the test (pid ${process.pid}`,
      );

      // Nothing in the directory changed, and the owner sees no new account.
      expect(listing(dataDir)).toEqual(before);
      expect(await findOperatorByEmail(owner.db, 'boss@example.com')).toBeUndefined();
    } finally {
      await owner.close();
    }
    expect(claims(dataDir)).toEqual([]);
  });

  it('beside a running server: the operator CLI is refused, naming the server, and sign-in still answers', async () => {
    const dataDir = newDataDir();
    const server = await startServerProcess({
      ...embedded,
      DATA_DIR: dataDir,
      ADDRESS_INDEX_SIZE: '200',
    });
    try {
      const added = await npmScript('operator', ['add', 'boss@example.com', '--role', 'manager'], {
        ...embedded,
        DATA_DIR: dataDir,
        OPERATOR_PASSWORD: PASSWORD,
      });
      expect(added.code, added.out + added.err).toBe(1);
      expect(added.err).toContain(
        `DATA_DIR ${dataDir} is in use by the server (pid ${server.child.pid}, since `,
      );
      expect(added.err).toContain('/admin');
      // Before, this answered 500 (operator_audit_pkey) once the CLI had written.
      for (let i = 0; i < 2; i++) {
        const signIn = await fetch(`${server.base}/admin/api/session`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'boss@example.com', password: PASSWORD }),
        });
        expect(signIn.status).toBe(401);
      }
    } finally {
      await server.stop();
    }
    // A clean stop lets the directory go: the next process opens it and finds no such account.
    expect(claims(dataDir)).toEqual([]);
    const after = await openPglite(dataDir);
    try {
      expect(await findOperatorByEmail(after.db, 'boss@example.com')).toBeUndefined();
    } finally {
      await after.close();
    }
  });

  it('a process killed with SIGKILL leaves its claim, and the next start takes the directory', async () => {
    const dataDir = newDataDir();
    const killed = await holder([dataDir, 'pglite']);
    expect(killed.line).toBe(`held ${killed.child.pid}`);
    killed.child.kill('SIGKILL');
    await killed.exited;
    const left = claims(dataDir);
    expect(left).toHaveLength(1);
    expect(left[0]).toMatch(new RegExp(`^\\.owner-${killed.child.pid}-`));

    const server = await startServerProcess({
      ...embedded,
      DATA_DIR: dataDir,
      ADDRESS_INDEX_SIZE: '200',
    });
    try {
      expect((await fetch(`${server.base}/readyz`)).status).toBe(200);
      const now = claims(dataDir);
      expect(now).toHaveLength(1);
      expect(now[0]).toMatch(new RegExp(`^\\.owner-${server.child.pid}-`));
    } finally {
      await server.stop();
    }
    expect(claims(dataDir)).toEqual([]);
  });

  it('of several processes taking over a dead claim at the same moment, exactly one gets it', async () => {
    const dataDir = newDataDir();
    const dead = await holder([dataDir, 'claim']);
    dead.child.kill('SIGKILL');
    await dead.exited;
    expect(claims(dataDir)).toHaveLength(1);

    // Each claims at the same instant, holds for a while, then dies without letting go.
    const at = String(Date.now() + 6_000);
    const lines = (
      await Promise.all([1, 2, 3, 4].map(() => holder([dataDir, 'claim', '10000', at])))
    ).map((h) => h.line);
    const held = lines.filter((line) => line.startsWith('held '));
    expect(held, lines.join('\n')).toHaveLength(1);
    const winner = held[0]!.slice('held '.length);
    for (const line of lines.filter((l) => !l.startsWith('held '))) {
      expect(line).toMatch(new RegExp(`^refused \\d+: ${winner}$`));
    }
  });

  it('refuses a second claim in the same process, and one from another host names its file', async () => {
    const dataDir = newDataDir();
    const first = await lockDataDir(dataDir, 'first');
    await expect(lockDataDir(dataDir, 'second')).rejects.toThrow(DataDirInUse);
    await first.release();
    const again = await lockDataDir(dataDir, 'again');
    await again.release();

    const file = join(dataDir, '.owner-1-abcdef.lock');
    const since = '2026-01-01T00:00:00.000Z';
    writeFileSync(
      file,
      JSON.stringify({ pid: 1, host: 'elsewhere.example', command: 'the server', since }),
    );
    const refused = await lockDataDir(dataDir, 'here').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DataDirInUse);
    expect((refused as Error).message).toContain(
      `is in use by the server (pid 1 on elsewhere.example, since ${since})`,
    );
    expect((refused as Error).message).toContain(`delete ${file}`);
  });
});

describe.runIf(!!process.env.TEST_DATABASE_URL)('PostgreSQL', { timeout: 300_000 }, () => {
  it('lets the operator CLI run beside a running server on one DATABASE_URL', async () => {
    const schema = `t_lock_${process.pid}_${Date.now() % 1_000_000}`;
    await (await freshPostgres(schema)).close();
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.searchParams.set('options', `-c search_path=${schema},public`);
    const env = { DATABASE_URL: url.toString(), LOG_LEVEL: 'warn', ADDRESS_INDEX_SIZE: '200' };
    const server = await startServerProcess(env);
    try {
      const added = await npmScript('operator', ['add', 'boss@example.com', '--role', 'manager'], {
        ...env,
        OPERATOR_PASSWORD: PASSWORD,
      });
      expect(added.code, added.err).toBe(0);
      expect(added.out).toContain('boss@example.com: added as manager');
      const signIn = await fetch(`${server.base}/admin/api/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'boss@example.com', password: PASSWORD }),
      });
      expect(signIn.status).toBe(200);
    } finally {
      await server.stop();
    }
  });
});
