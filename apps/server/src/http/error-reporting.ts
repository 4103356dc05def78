import Rollbar from 'rollbar';
import type { Config } from '../config.ts';
import { survivesRejection } from './process-guard.ts';
import { configuredServices, type Services } from '../services.ts';

/**
 * Error reporting behind one small interface: structured logs alone (embedded default; every
 * error is logged anyway) or Rollbar too, in production when ROLLBAR_ACCESS_TOKEN is set.
 */
export interface ErrorReporter {
  /** Reports an unexpected failure (a 5xx answer); `context` must hold no personal data. */
  report(error: unknown, context?: Record<string, unknown>): void;
  /** Waits until every queued report has been sent, for a clean shutdown. */
  flush(): Promise<void>;
}

export const logsOnly: ErrorReporter = { report() {}, flush: async () => {} };

/**
 * docs/rules/outside-parts.md: 60 items a minute, at most 100 telemetry events, reports of about
 * 512 KB.
 */
export const ROLLBAR_LIMITS = {
  itemsPerMinute: 60,
  maxTelemetryEvents: 100,
  maxReportBytes: 512 * 1024,
};

/**
 * The official `rollbar` package. Its transport already truncates every report to 512 KB (its
 * default) and its rate limiter counts items per minute (past 60 it sends one notice that the
 * limit was reached, then nothing until the minute is over). With `captureProcess` it also reports
 * uncaught exceptions and unhandled rejections, then exits as Node would have (but for a lost
 * database connection, which the server survives: process-guard.ts): only the process that
 * listens (server.ts) asks for that.
 */
export function rollbarReporter(
  settings: NonNullable<Services['rollbar']>,
  options: { captureProcess: boolean },
): ErrorReporter {
  const rollbar = new Rollbar({
    accessToken: settings.accessToken,
    endpoint: settings.endpoint,
    environment: 'production',
    captureUncaught: options.captureProcess,
    captureUnhandledRejections: options.captureProcess,
    exitOnUncaughtException: true,
    itemsPerMinute: ROLLBAR_LIMITS.itemsPerMinute,
    maxTelemetryEvents: ROLLBAR_LIMITS.maxTelemetryEvents,
    captureIp: false,
    scrubRequestBody: true,
  });
  if (options.captureProcess) {
    // Rollbar's own handler reports the rejection; without this the process would then carry on,
    // where Node (and the server without Rollbar) stops on an unhandled rejection.
    // A lost database connection is survived (process-guard.ts): the pools reconnect.
    process.on('unhandledRejection', (reason) => {
      if (survivesRejection(reason)) return;
      setImmediate(() => rollbar.wait(() => process.exit(1)));
    });
  }
  return {
    report(error, context) {
      rollbar.error(error instanceof Error ? error : String(error), context ?? {});
    },
    flush: () => new Promise((resolve) => rollbar.wait(resolve)),
  };
}

export function errorReporterFor(
  config: Config,
  options: { captureProcess: boolean },
): ErrorReporter {
  const rollbar = configuredServices(config).rollbar;
  return rollbar ? rollbarReporter(rollbar, options) : logsOnly;
}
