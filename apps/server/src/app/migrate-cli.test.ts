import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freshPostgres } from '../test-support/app.ts';
import { freePort, npmScript, startServerProcess } from '../test-support/process.ts';
import { migrationFiles } from '../db/migrate.ts';

/*
 * docs/migrations.md, "Running them as a step of their own": `npm run migrate`, then instances
 * that start with MIGRATE_ON_START=0 and only check.
 */

const serverDir = fileURLToPath(new URL('../..', import.meta.url));
const home = mkdtempSync(join(tmpdir(), 'migrate-cli-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));
// A CLI or a server must not pick up the test run's own database settings.
const embedded = { DATABASE_URL: '', LOG_LEVEL: 'warn', ADDRESS_INDEX_SIZE: '100' };

/** The server in its own process until it exits: its exit code and everything it printed. */
function runServer(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: serverDir,
      env: { ...process.env, HOST: '127.0.0.1', ...env },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('MIGRATE_ON_START=0', () => {
  it('refuses to start on an unmigrated database, naming what is missing, and starts after npm run migrate', async () => {
    const files = await migrationFiles();
    const env = { ...embedded, DATA_DIR: join(home, 'data'), MIGRATE_ON_START: '0' };

    const refused = await runServer({ ...env, PORT: String(await freePort()) });
    expect(refused.code).toBe(78);
    expect(refused.output.trim()).toBe(
      `MIGRATE_ON_START=0: ${files.length} migrations are not applied (${files.join(', ')}): run npm run migrate first`,
    );

    const migrated = await npmScript('migrate', [], env);
    expect(migrated.code).toBe(0);
    expect(migrated.out.trim().split('\n')).toEqual([
      ...files.map((f) => `applied ${f}`),
      `${files.length} applied; all ${files.length} migrations are applied`,
    ]);

    const server = await startServerProcess(env);
    try {
      expect((await fetch(`${server.base}/api/v1/public/plans`)).status).toBe(200);
    } finally {
      await server.stop();
    }
  }, 300_000);
});

describe.runIf(!!process.env.TEST_DATABASE_URL)('npm run migrate on PostgreSQL', () => {
  it('applies every migration, then has nothing to do', async () => {
    const files = await migrationFiles();
    const schema = `t_migrate_${Date.now() % 1_000_000}`;
    await (await freshPostgres(schema)).close();
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.searchParams.set('options', `-c search_path=${schema},public`);
    const env = { LOG_LEVEL: 'warn', DATABASE_URL: url.toString() };

    const first = await npmScript('migrate', [], env);
    expect(first.code).toBe(0);
    expect(first.out).toContain(`applied ${files[0]}`);
    expect(first.out).toContain(`applied ${files.at(-1)}`);
    expect(first.out).toContain(
      `${files.length} applied; all ${files.length} migrations are applied`,
    );

    const second = await npmScript('migrate', [], env);
    expect(second.code).toBe(0);
    expect(second.out.trim()).toBe(`nothing to apply: all ${files.length} migrations are applied`);
  }, 120_000);
});
