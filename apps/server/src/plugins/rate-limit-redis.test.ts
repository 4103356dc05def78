import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { Redis } from 'ioredis';
import { describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../test-support/app.ts';
import { demoCatalogueOf } from '../test-support/demo-catalogue.ts';
import { freePort } from '../test-support/process.ts';

// docs/decisions/010-limits.md: Redis going away must neither stall requests nor let them through
// uncounted. The counts fall back to this process, a warning is logged once, and they go back to
// Redis when it returns. Redis runs on this machine and in CI (TEST_REDIS_URL).

const redisUrl = process.env.TEST_REDIS_URL;
const unreachable =
  'Redis (REDIS_URL) is unreachable: rate limits are counted in this process until it returns';
const back = 'Redis (REDIS_URL) is back: rate limits are shared';

/** The app's log lines, parsed. */
function logSink() {
  const lines: { level: number; msg: string }[] = [];
  return {
    lines,
    logger: { level: 'info', stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
    said: (msg: string) => lines.filter((l) => l.msg === msg),
  };
}

/** A TCP relay to Redis that the test can take away and bring back on the same port. */
async function redisRelay(target: URL) {
  const port = await freePort();
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  const open = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        const upstream = createConnection(Number(target.port), target.hostname);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => s.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => resolve());
    });
  const close = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server?.close(() => resolve());
    });
  await open();
  return { url: `redis://127.0.0.1:${port}`, open, close };
}

const routers = (t: TestApp) =>
  t.app.inject({ method: 'GET', url: '/api/v1/public/routers' }).then((r) => r.statusCode);

describe.runIf(!!redisUrl)('rate limits when Redis is unreachable', () => {
  it('count in this process at once on a closed port, and warn once', async () => {
    const log = logSink();
    const t = await startTestApp(
      'pglite',
      { RATE_LIMIT_PER_MINUTE: '3', REDIS_URL: `redis://127.0.0.1:${await freePort()}` },
      { logger: log.logger },
    );
    try {
      const codes = [];
      for (let i = 0; i < 6; i++) codes.push(await routers(t));
      // Counted, not waved through: the limit holds with Redis away.
      expect(codes).toEqual([200, 200, 200, 429, 429, 429]);
      const warnings = log.said(unreachable);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatchObject({ level: 40 });
    } finally {
      await t.close();
    }
  });

  it('go back to Redis when it returns', async () => {
    const relay = await redisRelay(new URL(redisUrl!));
    const code = `rr${Date.now() % 1_000_000}`;
    const direct = new Redis(redisUrl!);
    const shared = () => direct.get(`rl:${code}:127.0.0.1`).then(Number);
    const log = logSink();
    let closed = false;
    const t = await startTestApp(
      'pglite',
      { RATE_LIMIT_PER_MINUTE: '1000', REDIS_URL: relay.url, PROVIDER_CODE: code },
      { logger: log.logger, catalogue: demoCatalogueOf(code) },
    );
    try {
      await routers(t);
      await routers(t);
      expect(await shared()).toBe(2);

      await relay.close();
      for (let i = 0; i < 3; i++) expect(await routers(t)).toBe(200);
      expect(await shared()).toBe(2);
      expect(log.said(unreachable)).toHaveLength(1);

      await relay.open();
      await vi.waitFor(
        async () => {
          await routers(t);
          expect(await shared()).toBeGreaterThan(2);
        },
        { timeout: 15_000, interval: 200 },
      );
      expect(log.said(back)).toHaveLength(1);
      expect(log.said(unreachable)).toHaveLength(1);
      // A shutdown is not an outage.
      await t.close();
      closed = true;
      expect(log.said(unreachable)).toHaveLength(1);
    } finally {
      if (!closed) await t.close();
      await relay.close();
      await direct.del(`rl:${code}:127.0.0.1`);
      direct.disconnect();
    }
  });
});
