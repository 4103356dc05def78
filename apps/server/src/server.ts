import type { FastifyBaseLogger } from 'fastify';
import { buildApp } from './app.ts';
import { errorReporterFor, logsOnly } from './http/error-reporting.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openCatalogueCache } from './catalogue/index.ts';
import { openDatabase } from './app/open-database.ts';
import { isDatabaseUnavailable } from './http/database-unavailable.ts';
import { setupCodeNotice } from './operators/index.ts';
import { listenForMetrics, type MetricsListener } from './metrics/listener.ts';
import { sweepStaleOrders } from './orders/index.ts';
import { sweepRetention } from './retention/index.ts';
import { rejectionListener } from './http/process-guard.ts';
import { refuseDemoCatalogue, refuseDemoParts } from './app/production.ts';
import { stopTracing } from './tracing/stop.ts';
import { tracingWanted } from './tracing/wanted.ts';

/** Starts the service: configuration, database, app, listener, and a clean shutdown. */
async function main(): Promise<void> {
  const config = loadConfig(process.env, { tracing: tracingWanted(process.env) });
  // In production with ROLLBAR_ACCESS_TOKEN this also reports uncaught exceptions and unhandled
  // rejections (then exits): set up first, so a failing start is reported too.
  const errorReporter = errorReporterFor(config, { captureProcess: true });
  const said: { log?: FastifyBaseLogger } = {};
  // A lost database connection is survived, never a crash (docs/deploy.md, "When the database
  // restarts"); any other unhandled rejection still stops the process (http/process-guard.ts).
  process.on(
    'unhandledRejection',
    rejectionListener({ log: () => said.log, reportsProcess: errorReporter !== logsOnly }),
  );
  // Production mode names every demo part it would run on, before touching a database.
  refuseDemoParts(config);
  const database = await openDatabase(config, 'the server');
  const catalogue = await openCatalogueCache(database, {
    brand: config.provider,
    // The database away (a restart, a failover) is expected, and said less loudly.
    onError: (error) =>
      isDatabaseUnavailable(error)
        ? said.log?.warn({ err: error }, 'catalogue refresh failed: database unavailable')
        : said.log?.error({ err: error }, 'catalogue refresh failed'),
  });
  refuseDemoCatalogue(config, catalogue.current().isDemo);
  const app = await buildApp({ config, database, errorReporter, catalogue });
  said.log = app.log;
  // An idle connection the database ended (a restart, a failover): the pool reconnects on demand.
  database.onConnectionLost((error) =>
    app.log.warn({ err: error }, 'database connection lost; reconnecting on demand'),
  );
  const sweeper = sweepStaleOrders(config, database, catalogue, app.log);
  // The retention policy (docs/rules/retention.md): now, then every RETENTION_SWEEP_MINUTES.
  const retention = sweepRetention(config, database, app.metrics, app.log);
  let metrics: MetricsListener | undefined;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      clearInterval(sweeper);
      clearInterval(retention);
      await metrics?.close();
      await app.close();
      await catalogue.close();
      await database.close();
      await errorReporter.flush();
      await stopTracing();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  // Off the public port (README, Metrics): only when METRICS_PORT is set. Open before the public
  // port, so a server that answers /healthz answers its metrics too.
  if (config.metricsPort !== undefined) {
    metrics = await listenForMetrics(app.metrics, config.host, config.metricsPort, app.log);
  }
  await app.listen({ port: config.port, host: config.host });
  // No manager yet: the one-time code for 'Create the first manager' at /admin, on standard output
  // whatever LOG_LEVEL says (docs/rules/operators.md#the-first-manager).
  // With passwords off the first manager comes from the identity service: no code is offered.
  const setupCode = config.operatorSignIn.passwords ? await app.firstManager.offer() : undefined;
  if (setupCode) console.log(setupCodeNotice(setupCode, `${config.publicUrl}/admin`));
}

main().catch((error: unknown) => {
  // A bad or unusable setting (an invalid value, a DATABASE_URL nobody answers at): one line
  // naming the variable, no stack, and EX_CONFIG (78) as the exit status.
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(78);
  }
  console.error(error);
  process.exit(1);
});
