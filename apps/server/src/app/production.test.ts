import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { productionGaps, refuseDemoCatalogue, refuseDemoParts } from './production.ts';
import { freePort, startServerProcess } from '../test-support/process.ts';
import { freshPostgres } from '../test-support/app.ts';

const serverDir = fileURLToPath(new URL('../..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'production-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const chargebee = {
  CHARGEBEE_SITE: 'acme',
  CHARGEBEE_PUBLISHABLE_KEY: 'live_pk',
  CHARGEBEE_API_KEY: 'live_key',
};
// The site's public origin, for links in mail (docs/rules/mail.md).
const site = { PUBLIC_URL: 'https://signup.example.com' };
// The key webhook secrets are encrypted with (docs/decisions/027-webhooks.md).
const secrets = { WEBHOOK_SECRET_KEY: 'MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=' };
const real = { ...chargebee, ...site, ...secrets, DATABASE_URL: 'postgres://db.example/fibre' };

describe('production mode', () => {
  it.each<[string, Record<string, string>, string[]]>([
    ['development, whatever is missing', {}, []],
    [
      'production on nothing',
      { NODE_ENV: 'production' },
      [
        'DATABASE_URL is not set: the embedded PGlite would be used',
        'CHARGEBEE_SITE and CHARGEBEE_PUBLISHABLE_KEY not set: the test-mode card vault would take cards',
        'CHARGEBEE_SITE and CHARGEBEE_API_KEY not set: orders would be billed to the local ledger',
        'WEBHOOK_SECRET_KEY is not set: webhook signing secrets would be stored in clear',
        'PUBLIC_URL is not set: links in mail would point at http://localhost:3000',
      ],
    ],
    [
      'production with a Chargebee site alone',
      { NODE_ENV: 'production', DATABASE_URL: real.DATABASE_URL, CHARGEBEE_SITE: 'acme' },
      [
        'CHARGEBEE_PUBLISHABLE_KEY not set: the test-mode card vault would take cards',
        'CHARGEBEE_API_KEY not set: orders would be billed to the local ledger',
        'WEBHOOK_SECRET_KEY is not set: webhook signing secrets would be stored in clear',
        'PUBLIC_URL is not set: links in mail would point at http://localhost:3000',
      ],
    ],
    ['production on real parts', { NODE_ENV: 'production', ...real }, []],
    ['a demo deployment', { NODE_ENV: 'production', ALLOW_DEMO: '1' }, []],
  ])('%s', (_what, env, gaps) => {
    expect(productionGaps(loadConfig(env))).toEqual(gaps);
  });

  it('names CATALOGUE_FILE with the other gaps, and not when it is set', () => {
    expect(() => refuseDemoParts(loadConfig({ NODE_ENV: 'production' }))).toThrow(
      'CATALOGUE_FILE is not set: the demo catalogue would be served (unless one was imported)',
    );
    const file = fileURLToPath(new URL('../../../../catalogue/demo.yaml', import.meta.url));
    const withFile = loadConfig({ NODE_ENV: 'production', CATALOGUE_FILE: file });
    expect(() => refuseDemoParts(withFile)).not.toThrow(/CATALOGUE_FILE/);
    expect(() => refuseDemoParts(loadConfig({ NODE_ENV: 'production', ...real }))).not.toThrow();
  });

  it('refuses a served demo catalogue after the database opened, unless a demo is meant', () => {
    const production = loadConfig({ NODE_ENV: 'production', ...real });
    expect(() => refuseDemoCatalogue(production, true)).toThrow(/database serves the demo/);
    expect(() => refuseDemoCatalogue(production, false)).not.toThrow();
    const demo = loadConfig({ NODE_ENV: 'production', ALLOW_DEMO: '1' });
    expect(() => refuseDemoCatalogue(demo, true)).not.toThrow();
    expect(() => loadConfig({ ALLOW_DEMO: 'yes' })).toThrow(/ALLOW_DEMO: ALLOW_DEMO must be 1/);
  });
});

/** Runs src/server.ts until it exits; its exit code and everything it printed. */
function runServer(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const clean = { ...process.env };
    for (const name of [
      'DATABASE_URL',
      'CATALOGUE_FILE',
      'ALLOW_DEMO',
      'PUBLIC_URL',
      'WEBHOOK_SECRET_KEY',
      ...Object.keys(chargebee),
    ])
      delete clean[name];
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: serverDir,
      env: { ...clean, HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATA_DIR: join(dir, 'data'), ...env },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('NODE_ENV=production at start', () => {
  it('refuses to start on demo parts, naming every missing variable in one message', async () => {
    const { code, output } = await runServer({
      NODE_ENV: 'production',
      PORT: String(await freePort()),
    });
    expect(code).toBe(78);
    for (const name of [
      'DATABASE_URL',
      'CHARGEBEE_SITE',
      'CHARGEBEE_PUBLISHABLE_KEY',
      'CHARGEBEE_API_KEY',
      'PUBLIC_URL',
      'WEBHOOK_SECRET_KEY',
      'CATALOGUE_FILE',
    ]) {
      expect(output).toContain(name);
    }
    expect(output.trim().split('\n')[0]).toBe(
      'NODE_ENV=production refuses to start on demo parts (ALLOW_DEMO=1 if a demo deployment is meant):',
    );
  }, 60_000);

  it('serves the demo with ALLOW_DEMO=1', async () => {
    const server = await startServerProcess({
      NODE_ENV: 'production',
      ALLOW_DEMO: '1',
      DATA_DIR: join(dir, 'demo'),
      ADDRESS_INDEX_SIZE: '100',
    });
    try {
      const plans = await fetch(`${server.base}/api/v1/public/plans`);
      expect(plans.status).toBe(200);
      expect(((await plans.json()) as unknown[]).length).toBe(6);
    } finally {
      await server.stop();
    }
  }, 120_000);

  // Real parts but no catalogue: the demo is found only once the database is open.
  it.runIf(!!process.env.TEST_DATABASE_URL)(
    'refuses the demo catalogue a database serves, naming CATALOGUE_FILE',
    async () => {
      const schema = `t_prod_${Date.now() % 1_000_000}`;
      await (await freshPostgres(schema)).close();
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.searchParams.set('options', `-c search_path=${schema},public`);
      const { code, output } = await runServer({
        NODE_ENV: 'production',
        PORT: String(await freePort()),
        DATABASE_URL: url.toString(),
        ...chargebee,
        ...site,
        ...secrets,
      });
      expect(code).toBe(78);
      expect(output).toContain(
        'CATALOGUE_FILE is not set and the database serves the demo catalogue',
      );
      expect(output).not.toContain('DATABASE_URL');
    },
    60_000,
  );
});
