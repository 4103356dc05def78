import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgres } from '../test-support/app.ts';
import { fetchCaller, prepareOrder } from '../test-support/order.ts';
import { repoRoot, startServerProcess, type ServerProcess } from '../test-support/process.ts';
import { startArrivy, type ArrivyStandIn } from '../test-support/stand-ins/arrivy.ts';
import { startChargebee, type ChargebeeStandIn } from '../test-support/stand-ins/chargebee.ts';
import { arrivyEnv, chargebeeEnv } from '../test-support/stand-ins/env.ts';
import {
  SPAN_KIND,
  startOtlpReceiver,
  type OtlpReceiver,
  type ReceivedSpan,
} from '../test-support/stand-ins/otlp-receiver.ts';

/*
 * docs/deploy.md, "Tracing": the real server, started as `npm start` starts it with OTEL_
 * variables set, sends a whole install as one trace, continuing the caller's traceparent: the
 * server span, its database queries and its calls to billing (Chargebee) and scheduling (Arrivy),
 * each parented within the trace; and each log line of the request names the trace.
 * On PostgreSQL (TEST_DATABASE_URL) the queries are spans of their own; PGlite runs in-process
 * and has none.
 */
const postgresUrl = process.env.TEST_DATABASE_URL;

describe(`a traced install on ${postgresUrl ? 'PostgreSQL' : 'PGlite'}`, () => {
  let receiver: OtlpReceiver;
  let cb: ChargebeeStandIn;
  let arrivy: ArrivyStandIn;
  let server: ServerProcess;
  const log: string[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'tracing-'));

  beforeAll(async () => {
    [receiver, cb, arrivy] = await Promise.all([
      startOtlpReceiver(),
      startChargebee(),
      startArrivy(),
    ]);
    let database: Record<string, string> = { DATA_DIR: dataDir };
    if (postgresUrl) {
      const schema = `t_trace_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
      await (await freshPostgres(schema)).close();
      const url = new URL(postgresUrl);
      url.searchParams.set('options', `-c search_path=${schema},public`);
      database = { DATABASE_URL: url.toString() };
    }
    server = await startServerProcess(
      {
        ...database,
        ...chargebeeEnv(cb),
        ...arrivyEnv(arrivy),
        ADDRESS_INDEX_SIZE: '500',
        LOG_LEVEL: 'info',
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.origin,
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        OTEL_BSP_SCHEDULE_DELAY: '50',
      },
      { stdout: (text) => log.push(text) },
    );
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await Promise.all([receiver?.close(), cb?.close(), arrivy?.close()]);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is one trace: the caller’s, with the server span, its queries and its calls out', async () => {
    const { body } = await prepareOrder(fetchCaller(server.base), { cardToken: 'cb_tok_traced' });
    const traceId = randomBytes(16).toString('hex');
    const callerSpan = randomBytes(8).toString('hex');
    const requestId = 'trace-test-install-1';
    const res = await fetch(`${server.base}/api/v1/demo/install`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'idempotency-key': randomUUID(),
        traceparent: `00-${traceId}-${callerSpan}-01`,
        'x-request-id': requestId,
      },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(201);

    const billing = new URL(cb.origin);
    const scheduling = new URL(arrivy.origin);
    const calls = (spans: ReceivedSpan[], host: URL) =>
      spans.filter(
        (s) => s.kind === SPAN_KIND.client && s.attributes['server.port'] === Number(host.port),
      );
    const queries = (spans: ReceivedSpan[]) =>
      spans.filter(
        (s) => s.scope === '@opentelemetry/instrumentation-pg' && s.kind === SPAN_KIND.client,
      );
    const isInstall = (s: ReceivedSpan) =>
      s.kind === SPAN_KIND.server && s.attributes['url.path'] === '/api/v1/demo/install';
    // The batch is sent every 50 ms: wait until the install's spans have all arrived.
    let trace: ReceivedSpan[] = [];
    for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
      trace = receiver.spans().filter((s) => s.traceId === traceId);
      const whole =
        trace.some(isInstall) &&
        calls(trace, billing).length > 0 &&
        calls(trace, scheduling).length > 0 &&
        (!postgresUrl || queries(trace).length > 0);
      if (whole) break;
      await new Promise((r) => setTimeout(r, 50));
    }

    // The server span continues the caller's span.
    const install = trace.filter(isInstall);
    expect(install).toHaveLength(1);
    expect(install[0]!.parentSpanId).toBe(callerSpan);
    expect(install[0]!.name).toBe('POST /api/v1/:provider/install');
    expect(install[0]!.attributes['http.route']).toBe('/api/v1/:provider/install');
    expect(install[0]!.attributes['http.response.status_code']).toBe(201);
    expect(install[0]!.resource['service.name']).toBe('fibre-signup');
    const { version } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
      version?: string;
    };
    expect(install[0]!.resource['service.version']).toBe(version || '0.0.0');

    // Billing and scheduling were called, as client spans of this trace.
    expect(calls(trace, billing).map((s) => s.attributes['url.full'])).toContainEqual(
      expect.stringContaining('/api/v2/customers'),
    );
    expect(calls(trace, scheduling).map((s) => s.attributes['url.full'])).toContainEqual(
      expect.stringContaining('/api/tasks'),
    );
    if (postgresUrl) {
      expect(
        queries(trace).map((s) => s.attributes['db.system.name'] ?? s.attributes['db.system']),
      ).toContain('postgresql');
    }
    // Every span hangs from another of the trace, up to the server span, which hangs from the
    // caller's: none is a root of its own.
    const ids = new Set(trace.map((s) => s.spanId));
    for (const span of trace) {
      if (span === install[0]) continue;
      expect(ids.has(span.parentSpanId ?? ''), `${span.name}'s parent`).toBe(true);
    }
    const below = (span: ReceivedSpan): boolean =>
      span === install[0] || below(trace.find((s) => s.spanId === span.parentSpanId)!);
    for (const span of trace) expect(below(span)).toBe(true);

    // The request's log lines name the trace: its id, and a span of it.
    const lines = log
      .join('')
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { reqId?: string; trace_id?: string; span_id?: string });
    const requestLines = lines.filter((line) => line.reqId === requestId);
    expect(requestLines.length).toBeGreaterThanOrEqual(2);
    for (const line of requestLines) {
      expect(line.trace_id).toBe(traceId);
      expect(ids.has(line.span_id ?? '')).toBe(true);
    }
    expect(res.headers.get('x-request-id')).toBe(requestId);
  }, 60_000);

  // docs/decisions/008-server-input.md: a span keeps what the log keeps of a path, and no query.
  it('keeps the route of a request, not what the visitor typed', async () => {
    const traced = async (path: string) => {
      const traceId = randomBytes(16).toString('hex');
      await fetch(`${server.base}${path}`, {
        headers: { traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01` },
      });
      for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
        const span = receiver
          .spans()
          .find((s) => s.traceId === traceId && s.kind === SPAN_KIND.server);
        if (span) return span;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`no server span for ${path}`);
    };
    const search = await traced('/api/v1/public/addresses?q=12%20Private%20Lane');
    expect(search.name).toBe('GET /api/v1/public/addresses');
    expect(search.attributes['url.path']).toBe('/api/v1/public/addresses');
    expect(search.attributes['url.query']).toBe('REDACTED');
    const unmatched = await traced('/api/v1/nowhere/jane.private@example.com');
    expect(unmatched.attributes['url.path']).toBe('/api/v1/[...]/[...]');
    expect(unmatched.attributes['http.response.status_code']).toBe(404);
    const sent = JSON.stringify([search, unmatched]);
    for (const data of ['Private', 'jane.private', 'nowhere']) expect(sent).not.toContain(data);
  }, 60_000);
});
