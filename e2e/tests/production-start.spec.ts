import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '../support/fixtures.ts';
import { buildServerIfNeeded, buildWebIfNeeded, freePort, repoRoot } from '../support/server.ts';

// Issue 14: `NODE_ENV=production npm run start:prod` refuses to run on demo parts, naming what is
// missing, unless ALLOW_DEMO=1 says a demo deployment is meant (docs/deploy.md, section 3).

test.describe.configure({ mode: 'serial' });

let home = '';
test.beforeAll(() => {
  test.setTimeout(240_000);
  buildWebIfNeeded();
  buildServerIfNeeded();
  home = mkdtempSync(join(tmpdir(), 'fibre-prod-start-'));
});
test.afterAll(() => rmSync(home, { recursive: true, force: true }));

/** `npm run start:prod` with only PATH and `env`; its own process group, so all of it stops. */
function startProd(env: Record<string, string>) {
  const child = spawn('npm', ['run', 'start:prod'], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', HOME: home, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return {
    output: () => output,
    exited,
    stop: () => {
      if (child.exitCode === null) process.kill(-child.pid!, 'SIGKILL');
      return exited;
    },
  };
}

test('with no keys and no DATABASE_URL it exits non-zero, naming each missing part', async () => {
  const run = startProd({ NODE_ENV: 'production', DATA_DIR: join(home, 'refused') });
  const code = await run.exited;
  expect(code).not.toBe(0);
  const output = run.output();
  for (const name of [
    'DATABASE_URL',
    'CHARGEBEE_SITE',
    'CHARGEBEE_PUBLISHABLE_KEY',
    'CHARGEBEE_API_KEY',
    'CATALOGUE_FILE',
    'PUBLIC_URL',
    'WEBHOOK_SECRET_KEY',
    'ALLOW_DEMO',
  ]) {
    expect(output).toContain(name);
  }
});

test('with ALLOW_DEMO=1 it serves the demo', async () => {
  const port = await freePort();
  const run = startProd({
    NODE_ENV: 'production',
    ALLOW_DEMO: '1',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: join(home, 'demo'),
    ADDRESS_INDEX_SIZE: '1000',
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    await expect
      .poll(
        async () => {
          if ((await Promise.race([run.exited, Promise.resolve('running')])) !== 'running')
            throw new Error(`start:prod exited:\n${run.output()}`);
          return fetch(`${base}/healthz`).then(
            (r) => r.status,
            () => 0,
          );
        },
        { timeout: 120_000 },
      )
      .toBe(200);
    const plans = (await (
      await fetch(`${base}/api/v1/public/plans?building-code=G1A2B3`)
    ).json()) as { name: string; rsp: string }[];
    expect(plans.map((p) => p.name)).toContain('Boost 100');
    expect(new Set(plans.map((p) => p.rsp))).toEqual(new Set(['demo']));
  } finally {
    await run.stop();
  }
});
