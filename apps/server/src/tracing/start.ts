import { register } from 'node:module';
import { createAddHookMessageChannel } from 'import-in-the-middle';
import { startNodeSdk } from '@opentelemetry/sdk-node';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { productVersion } from '../version.ts';
import { onStopTracing } from './stop.ts';

/*
 * The OpenTelemetry SDK, configured by the standard OTEL_ variables (docs/deploy.md, "Tracing").
 * Loaded by tracing/preload.ts before the server's modules, so that Fastify's `http`, `pg` and
 * the fetch the adapters use are patched as they load (docs/decisions/029-tracing.md):
 * - `http`: a server span per request, continuing an incoming W3C traceparent;
 * - `pg`: a span per query on PostgreSQL (PGlite runs in-process and has none);
 * - undici: a client span per fetch (Chargebee's SDK and the Arrivy client both use fetch).
 */

export async function startTracing(env: Record<string, string | undefined>): Promise<void> {
  // The ESM loader hook, for modules imported rather than required (`pg` from db/database.ts).
  // Only the modules an instrumentation asks for are wrapped.
  const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel();
  register('import-in-the-middle/hook.mjs', import.meta.url, registerOptions);
  const named =
    env.OTEL_SERVICE_NAME || /(^|,)\s*service\.name=/.test(env.OTEL_RESOURCE_ATTRIBUTES ?? '');
  const sdk = startNodeSdk({
    resourceAttributes: {
      'service.version': productVersion,
      ...(named ? {} : { 'service.name': 'fibre-signup' }),
    },
    instrumentations: [
      new HttpInstrumentation({
        // Until the route is known (tracing/span-route.ts), nothing of the path or the query: they
        // may hold what the visitor typed or a secret (docs/decisions/008-server-input.md).
        startIncomingSpanHook: (request) => ({
          'url.path': '[...]',
          ...('url' in request && request.url?.includes('?') ? { 'url.query': 'REDACTED' } : {}),
        }),
      }),
      new UndiciInstrumentation(),
      // Queries of a request or a traced call only: the workers' polls would each be a trace.
      new PgInstrumentation({ requireParentSpan: true }),
    ],
    // Traces only, unless asked: the metrics are Prometheus's (README, Metrics) and the log is
    // standard output.
    ...(env.OTEL_METRICS_EXPORTER ? {} : { metricReaders: [] }),
    ...(env.OTEL_LOGS_EXPORTER ? {} : { logRecordProcessors: [] }),
  });
  onStopTracing(() => sdk.shutdown());
  await waitForAllMessagesAcknowledged();
}
