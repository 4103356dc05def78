import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { startTestApp, type TestApp } from '../test-support/app.ts';
import { sample } from '../test-support/metrics.ts';
import { prepareOrder } from '../test-support/order.ts';
import { freePort, startServerProcess } from '../test-support/process.ts';
import { listenForMetrics, type MetricsListener } from './listener.ts';

// The metrics' own listener on METRICS_PORT (README, Metrics).

describe('the metrics listener', () => {
  let t: TestApp;
  let listener: MetricsListener;
  let base: string;
  beforeAll(async () => {
    t = await startTestApp('pglite');
    listener = await listenForMetrics(t.app.metrics, '127.0.0.1', 0, t.app.log);
    base = `http://127.0.0.1:${listener.port}`;
  });
  afterAll(async () => {
    await listener.close();
    await t.close();
  });

  it('serves the Prometheus text at GET /metrics, with what the public port answered', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/public/routers' })).statusCode).toBe(
      200,
    );
    const res = await fetch(`${base}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    const text = await res.text();
    const routers = { method: 'GET', route: '/api/v1/public/routers', status: '200' };
    expect(sample(text, 'http_request_duration_seconds_count', routers)).toBe(1);
    expect(sample(text, 'fibre_orders', { status: 'needs_attention' })).toBe(0);
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    // A query string changes nothing.
    expect((await fetch(`${base}/metrics?debug=1`)).status).toBe(200);
  });

  it('answers 404 to anything else, and serves nothing of the public app', async () => {
    for (const [method, path] of [
      ['GET', '/'],
      ['GET', '/api/v1/public/routers'],
      ['GET', '/healthz'],
      ['POST', '/metrics'],
    ] as const) {
      const res = await fetch(`${base}${path}`, { method });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
  });
});

describe('the server with METRICS_PORT', () => {
  it('serves /metrics on that port alone, and closes it on shutdown', async () => {
    const metricsPort = await freePort();
    const server = await startServerProcess({
      DATA_DIR: mkdtempSync(join(tmpdir(), 'metrics-')),
      ADDRESS_INDEX_SIZE: '500',
      METRICS_PORT: String(metricsPort),
    });
    const metrics = `http://127.0.0.1:${metricsPort}/metrics`;
    try {
      expect((await fetch(`${server.base}/metrics`)).status).toBe(404);
      const text = await (await fetch(metrics)).text();
      const health = { route: '/healthz', status: '200' };
      expect(sample(text, 'http_request_duration_seconds_count', health)).toBeGreaterThan(0);
      expect(sample(text, 'http_request_duration_seconds_count', { route: '/metrics' })).toBe(1);
    } finally {
      await server.stop();
    }
    expect(server.child.exitCode).toBe(0);
    await expect(fetch(metrics)).rejects.toThrow();
  });
});

describe('METRICS_PORT', () => {
  it('is off unless set, and must be a port other than PORT', () => {
    expect(loadConfig({}).metricsPort).toBeUndefined();
    expect(loadConfig({ METRICS_PORT: '' }).metricsPort).toBeUndefined();
    expect(loadConfig({ METRICS_PORT: '9464' }).metricsPort).toBe(9464);
    for (const bad of ['0', '65536', 'ninety', '94.64']) {
      expect(() => loadConfig({ METRICS_PORT: bad })).toThrow(
        'METRICS_PORT must be a port number, 1 to 65535',
      );
    }
    expect(() => loadConfig({ PORT: '8080', METRICS_PORT: '8080' })).toThrow(ConfigError);
    expect(() => loadConfig({ METRICS_PORT: '3000' })).toThrow(
      'METRICS_PORT: must differ from PORT',
    );
  });
});

describe('a scrape while the database is unreachable', () => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    t = await startTestApp('pglite', { LOG_LEVEL: 'warn' }, { logger: { stream } });
  });
  afterAll(() => t.app.close());

  it('still answers, logging each count it could not make; the gauges keep their last value', async () => {
    const { body } = await prepareOrder(t.app);
    await prepareOrder(t.app, { slotIndex: 1 });
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/demo/install',
      payload: body,
    });
    expect(placed.statusCode).toBe(201);
    const first = await t.app.metrics.text();
    expect(sample(first, 'fibre_orders', { status: 'confirmed' })).toBe(1);
    expect(sample(first, 'fibre_holds_live')).toBe(1);
    await t.database.close();
    const text = await t.app.metrics.text();
    expect(sample(text, 'fibre_orders', { status: 'confirmed' })).toBe(1);
    expect(sample(text, 'fibre_holds_live')).toBe(1);
    expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    const warnings = lines.map((l) => JSON.parse(l) as { msg: string }).map((l) => l.msg);
    expect(warnings).toContain('metrics: counting holds failed; the gauge keeps its last value');
    expect(warnings).toContain('metrics: counting orders failed; the gauge keeps its last value');
  });
});
