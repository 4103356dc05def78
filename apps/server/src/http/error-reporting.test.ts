import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp } from '../test-support/app.ts';
import { rollbarEnv } from '../test-support/stand-ins/env.ts';
import type { StandIn } from '../test-support/stand-ins/recorder.ts';
import { ACCESS_TOKEN, startRollbar } from '../test-support/stand-ins/rollbar.ts';
import { ROLLBAR_LIMITS, rollbarReporter } from './error-reporting.ts';

/**
 * Rollbar on the server, against its local stand-in: production only; 5xx answers, uncaught
 * exceptions and unhandled rejections; the limits of docs/rules/outside-parts.md.
 */
let rollbar: StandIn & { endpoint: string };
beforeAll(async () => {
  rollbar = await startRollbar();
});
afterAll(() => rollbar.close());
beforeEach(() => {
  rollbar.requests.length = 0;
});

const until = async (done: () => boolean, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!done() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
};
const items = () => rollbar.requests.map((r) => r.json as { data: Record<string, unknown> });

describe('Rollbar on the server', () => {
  it('reports a 5xx answer in production, with the token header and no request body', async () => {
    // Arrivy unreachable makes the bookings call a 503.
    const t = await startTestApp('pglite', {
      ...rollbarEnv(rollbar),
      ARRIVY_AUTH_KEY: 'k',
      ARRIVY_AUTH_TOKEN: 't',
      ARRIVY_API_BASE: 'http://127.0.0.1:9/api',
    });
    try {
      const bad = await t.app.inject({ method: 'GET', url: '/api/v1/demo/bookings/XX?from=a' });
      expect(bad.statusCode).toBe(400);
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/demo/bookings/NSW?${new URLSearchParams({ from: '2026-10-14T00:00:00+11:00', to: '2026-10-14T23:00:00+11:00' })}`,
      });
      expect(res.statusCode).toBe(503);
      await until(() => rollbar.requests.length > 0);
      expect(rollbar.requests).toHaveLength(1);
      const [req] = rollbar.requests;
      expect(req!.method).toBe('POST');
      expect(req!.path).toBe('/api/1/item/');
      expect(req!.headers['x-rollbar-access-token']).toBe(ACCESS_TOKEN);
      const text = req!.text;
      const data = items()[0]!.data as {
        environment: string;
        request?: unknown;
        notifier: { configured_options: Record<string, unknown> };
      };
      expect(data.environment).toBe('production');
      expect(data.request).toBeUndefined();
      expect(data.notifier.configured_options).toMatchObject({
        itemsPerMinute: 60,
        maxTelemetryEvents: 100,
        captureIp: false,
      });
      expect(text).toContain('Installation times cannot be checked right now');
      expect(text).toContain('"request_id"');
      expect(text).toContain('"route_pattern":"/api/v1/:provider/bookings/:state"');
    } finally {
      await t.close();
    }
  });

  it('sends nothing outside production, token or not', async () => {
    const t = await startTestApp('pglite', {
      ...rollbarEnv(rollbar),
      NODE_ENV: 'development',
      ARRIVY_AUTH_KEY: 'k',
      ARRIVY_AUTH_TOKEN: 't',
      ARRIVY_API_BASE: 'http://127.0.0.1:9/api',
    });
    try {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/demo/bookings/NSW?${new URLSearchParams({ from: '2026-10-14T00:00:00+11:00', to: '2026-10-14T23:00:00+11:00' })}`,
      });
      expect(res.statusCode).toBe(503);
      await new Promise((r) => setTimeout(r, 500));
      expect(rollbar.requests).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('keeps every report to about 512 KB', async () => {
    const reporter = rollbarReporter(
      { accessToken: ACCESS_TOKEN, endpoint: rollbar.endpoint },
      { captureProcess: false },
    );
    reporter.report(new Error(`huge ${'x'.repeat(3 * 1024 * 1024)}`));
    await reporter.flush();
    await until(() => rollbar.requests.length > 0);
    expect(rollbar.requests).toHaveLength(1);
    expect(Buffer.byteLength(rollbar.requests[0]!.text)).toBeLessThanOrEqual(
      ROLLBAR_LIMITS.maxReportBytes,
    );
    expect(rollbar.requests[0]!.text).toContain('huge xxx');
  });

  it.each([
    [
      'an uncaught exception',
      "setTimeout(() => { throw new Error('uncaught boom'); }, 10);",
      'uncaught boom',
    ],
    [
      'an unhandled rejection',
      "setTimeout(() => Promise.reject(new Error('rejected boom')), 10); setInterval(() => {}, 1000);",
      'rejected boom',
    ],
  ])('reports %s from the process, then the process exits', async (_case, code, message) => {
    const exitCode = await runScript(`
      import { rollbarReporter } from './src/http/error-reporting.ts';
      rollbarReporter(${settings()}, { captureProcess: true });
      ${code}`);
    expect(exitCode).toBe(1);
    expect(rollbar.requests.some((r) => r.text.includes(message))).toBe(true);
  });

  // docs/deploy.md, "When the database restarts": the pools reconnect, so the server lives on.
  it('lets the process live through an unhandled rejection that is a lost database connection', async () => {
    const exitCode = await runScript(`
      import { rollbarReporter } from './src/http/error-reporting.ts';
      rollbarReporter(${settings()}, { captureProcess: true });
      const lost = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
      setTimeout(() => Promise.reject(lost), 10);
      setTimeout(() => process.exit(0), 1500);`);
    expect(exitCode).toBe(0);
  });

  // Rollbar's rate limit counts every report of the process, so this runs in a process of its own.
  it('sends at most 60 items a minute, then one notice that the limit was reached', async () => {
    const exitCode = await runScript(`
      import { rollbarReporter } from './src/http/error-reporting.ts';
      const reporter = rollbarReporter(${settings()}, { captureProcess: false });
      for (let i = 0; i < 75; i++) reporter.report(new Error('failure ' + i));
      await reporter.flush();`);
    expect(exitCode).toBe(0);
    await until(() => rollbar.requests.length >= ROLLBAR_LIMITS.itemsPerMinute + 1, 3000);
    const texts = rollbar.requests.map((r) => r.text);
    expect(texts.filter((t) => /failure \d+/.test(t))).toHaveLength(60);
    expect(texts).toHaveLength(61);
    const notice = JSON.parse(texts.find((t) => !/failure \d+/.test(t))!);
    expect(notice.data.body.message).toEqual({
      body: 'item per minute limit reached, ignoring errors until timeout',
      extra: { maxItems: 0, itemsPerMinute: 60 },
    });
  });
});

const settings = () => JSON.stringify({ accessToken: ACCESS_TOKEN, endpoint: rollbar.endpoint });

async function runScript(script: string): Promise<number | null> {
  const serverDir = fileURLToPath(new URL('../..', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: serverDir,
    stdio: 'ignore',
  });
  return new Promise((resolve) => child.on('exit', resolve));
}
