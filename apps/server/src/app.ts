import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import type { AdapterContext, AppContext } from './context.ts';
import { adaptersFor } from './app/adapters.ts';
import { checkPin } from './catalogue/index.ts';
import { openCatalogueCache, type CatalogueCache } from './catalogue/index.ts';
import { errorReporterFor, type ErrorReporter } from './http/error-reporting.ts';
import { halfConfigured } from './services.ts';
import { errorHandlers, frameworkErrors } from './http/error-handler.ts';
import { inputGuard } from './http/input-guard.ts';
import { loggerOptions, routeWords } from './http/logging.ts';
import { createMetrics } from './metrics/metrics.ts';
import { registerMetrics } from './app/metrics.ts';
import { registerInFlightLimits } from './plugins/in-flight.ts';
import { registerRateLimits, trustProxyOption } from './plugins/rate-limits.ts';
import {
  createNotificationWorker,
  systemResolver,
  type NotificationWorker,
} from './notifications/index.ts';
import { createReminderSweep, type ReminderSweep } from './mail/index.ts';
import { createFinishReminderSweep, type FinishReminderSweep } from './signups/index.ts';
import { createFirstManagerSetup, type FirstManagerSetup } from './operators/index.ts';
import { createMailWorker, type MailWorker } from './mail/index.ts';
import { registerRoutes } from './app/routes.ts';
import { randomOrderReference } from './orders/index.ts';
import { contentSecurityPolicy } from './http/security.ts';
import { registerRequestId, requestId } from './http/request-id.ts';
import { traceRoutes } from './tracing/span-route.ts';
import { createTestClock, registerTestClock } from './app/test-clock.ts';

export interface AppOptions {
  config: Config;
  database: Database;
  now?: () => Date;
  newId?: () => string;
  /** The order references the install draws (context.ts); random by default. */
  newReference?: () => string;
  /** Where the built wizard is; defaults to apps/web/dist. */
  webDist?: string;
  /** Fastify logger settings over loggerOptions (http/logging.ts); tests pass false or a stream. */
  logger?: boolean | object;
  /** Where 5xx errors are reported; server.ts passes the one that also watches the process. */
  errorReporter?: ErrorReporter;
  /**
   * The catalogue to serve; its owner closes it. Without it the app opens one on the database's
   * newest version (which `prepare` in app/open-database.ts loads) and closes it with itself.
   */
  catalogue?: CatalogueCache;
  /** How often the ops notification worker looks for due rows (notifications/worker.ts). */
  notificationPollMs?: number;
  /** How long a webhook delivery waits for its receiver; 10 s by default (tests shorten it). */
  webhookTimeoutMs?: number;
  /** How often the mail sender looks for due mail (mail/worker.ts). */
  mailPollMs?: number;
  /** How often the installation reminder sweep runs (mail/reminder.ts). */
  reminderEveryMs?: number;
  /** How webhook targets' names resolve (context.ts); the system's resolver by default. */
  resolveHost?: AppContext['resolveHost'];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The ops notification worker: started when the app is ready, stopped when it closes. */
    notifications: NotificationWorker;
    /** The customer mail sender: started when the app is ready, stopped when it closes. */
    mail: MailWorker;
    /** The installation reminder sweep: started when the app is ready, stopped when it closes. */
    reminders: ReminderSweep;
    /** The reminder to finish a saved sign-up (signups/reminder.ts), when ABANDONED_REMINDER=on. */
    finishReminders: FinishReminderSweep;
    /** The setup code for the first manager: server.ts offers it at start (operators/first-manager.ts). */
    firstManager: FirstManagerSetup;
  }
}

/** Builds the app without listening: tests inject requests, server.ts listens. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const said: { log?: FastifyInstance['log'] } = {};
  const { ctx, catalogue, testClock } = await openContext(options, said);
  // The words of the app's routes: what the log keeps of a path no route matched (http/logging.ts).
  const words = routeWords();
  const app = createFastify(options, words);

  said.log = app.log;
  registerRequestId(app);
  // With tracing on, a request's span is named by its route (tracing/span-route.ts).
  if (config.tracing) traceRoutes(app, words);
  app.decorate('firstManager', ctx.firstManager);
  app.addHook('onRoute', words.learn);
  for (const note of halfConfigured(config)) app.log.warn(note);
  if (!options.catalogue) app.addHook('onClose', () => catalogue.close());

  // The API speaks JSON only: other bodies are refused with 415 rather than half-parsed.
  app.removeContentTypeParser('text/plain');

  await registerProtections(app, ctx);

  errorHandlers(app, ctx.reporter);
  registerMetrics(app, ctx);
  inputGuard(app);
  await registerRoutes(app, ctx, options.webDist);
  if (testClock) registerTestClock(app, testClock);

  registerWorkers(app, ctx, options);
  return app;
}

/**
 * The context every route and service is given: the catalogue opened (its provider the pinned
 * one), the clock, ids and reporter, and the adapters made once.
 */
async function openContext(
  options: AppOptions,
  said: { log?: FastifyInstance['log'] },
): Promise<{
  ctx: AppContext;
  catalogue: CatalogueCache;
  testClock: ReturnType<typeof createTestClock> | undefined;
}> {
  const { config } = options;
  const catalogue =
    options.catalogue ??
    (await openCatalogueCache(options.database, {
      brand: config.provider,
      onError: (error) => said.log?.error({ err: error }, 'catalogue refresh failed'),
    }));
  // PROVIDER_CODE pins the provider: the app refuses to serve another's catalogue.
  try {
    checkPin(config, catalogue.current().provider.code, 'the catalogue in the database');
  } catch (error) {
    if (!options.catalogue) await catalogue.close();
    throw error;
  }
  // TEST_CLOCK=1 (never in production, config.ts): a clock the browser tests move.
  const testClock = config.testClock && !options.now ? createTestClock() : undefined;
  const parts: AdapterContext = {
    config,
    database: options.database,
    catalogue,
    now: options.now ?? testClock?.now ?? (() => new Date()),
    newId: options.newId ?? randomUUID,
    newReference: options.newReference ?? randomOrderReference,
    reporter: options.errorReporter ?? errorReporterFor(config, { captureProcess: false }),
    metrics: createMetrics(),
    firstManager: createFirstManagerSetup(options.database),
    resolveHost: options.resolveHost ?? systemResolver,
  };
  // Billing and scheduling, made once here for every route and handler (app/adapters.ts).
  const ctx: AppContext = { ...parts, ...adaptersFor(parts) };
  return { ctx, catalogue, testClock };
}

/** The Fastify instance, its logger keeping data out (http/logging.ts). */
function createFastify(options: AppOptions, words: ReturnType<typeof routeWords>): FastifyInstance {
  const { config } = options;
  return Fastify({
    // Settings a caller passes (a test's stream) go on top of the ones that keep data out.
    logger:
      options.logger === false
        ? false
        : {
            ...loggerOptions(config, words),
            ...(typeof options.logger === 'object' ? options.logger : {}),
          },
    bodyLimit: 64 * 1024,
    // Off unless TRUST_PROXY names the proxies: a client must not choose its own address.
    trustProxy: trustProxyOption(config.trustProxy),
    // The caller's X-Request-Id when it is valid, else a fresh UUID (http/request-id.ts). Not
    // Fastify's requestIdHeader: that takes the header's value unchecked.
    genReqId: requestId,
    // A malformed URL or an over-long path parameter: answered in the product's shape.
    frameworkErrors,
  });
}

/** Security headers, rate and in-flight limits, and compression of the wizard's files. */
async function registerProtections(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { config, catalogue } = ctx;
  await app.register(helmet, {
    contentSecurityPolicy: { directives: contentSecurityPolicy(config) },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  // Counts are kept per provider (the key prefix): the served catalogue's code.
  const provider = { ...config.provider, code: catalogue.current().provider.code };
  await registerRateLimits(app, { ...config, provider }, ctx.metrics);
  registerInFlightLimits(app, config, ctx.metrics);
  // The wizard's files go out compressed to browsers that ask: sent as built, a phone on slow 4G
  // got the address step's largest paint 1.35 s later (Lighthouse, bench/README.md). API answers
  // (JSON) and request bodies are left as they were.
  await app.register(compress, {
    globalDecompression: false,
    threshold: 1024,
    customTypes: /^(text\/(html|css|javascript)|application\/javascript|image\/svg\+xml)\b/,
  });
}

/**
 * The background work, started when the app is ready and stopped when it closes: webhook
 * deliveries, customer mail and the two reminders.
 */
function registerWorkers(app: FastifyInstance, ctx: AppContext, options: AppOptions): void {
  // Webhook deliveries (docs/rules/webhooks.md): to the endpoints managers add, and to
  // OPS_WEBHOOK_URL when it is set.
  const notifications = createNotificationWorker(ctx, app.log, {
    ...(options.notificationPollMs ? { pollMs: options.notificationPollMs } : {}),
    ...(options.webhookTimeoutMs ? { timeoutMs: options.webhookTimeoutMs } : {}),
  });
  app.decorate('notifications', notifications);
  app.addHook('onReady', async () => notifications.start());
  app.addHook('onClose', () => notifications.stop());

  // Customer mail (docs/rules/mail.md): without SMTP_URL it sends nothing, and the outbox keeps
  // every mail (the embedded default).
  const mail = createMailWorker(ctx, app.log, {
    ...(options.mailPollMs ? { pollMs: options.mailPollMs } : {}),
  });
  app.decorate('mail', mail);
  app.addHook('onReady', async () => mail.start());
  app.addHook('onClose', () => mail.stop());

  // The reminder the day before the installation (docs/rules/mail.md): queued into the same
  // outbox, once per order and window however many instances sweep.
  const reminders = createReminderSweep(ctx, app.log, options.reminderEveryMs);
  app.decorate('reminders', reminders);
  app.addHook('onReady', async () => reminders.start());
  app.addHook('onClose', () => reminders.stop());

  // The reminder to finish a saved sign-up (docs/rules/mail.md#the-reminder-to-finish): once per
  // sign-up however many instances sweep; off unless ABANDONED_REMINDER=on.
  const finishReminders = createFinishReminderSweep(ctx, app.log);
  app.decorate('finishReminders', finishReminders);
  app.addHook('onReady', async () => finishReminders.start());
  app.addHook('onClose', () => finishReminders.stop());
}
