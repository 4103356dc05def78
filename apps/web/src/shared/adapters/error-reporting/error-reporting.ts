/*
 * Error reporting behind one small interface (docs/rules/outside-parts.md): the console alone
 * (embedded default), or Rollbar too, in production when the server hands out a client token
 * (public config `services.rollbar`). Rollbar's browser library is loaded only then, in its own
 * chunk.
 */

export interface RollbarSettings {
  /** Rollbar's post_client_item token (safe to publish; never the server's token). */
  accessToken: string;
  endpoint: string;
  environment: 'production';
}

export interface ErrorReporter {
  /** Reports an unexpected failure; `context` must hold no personal data. */
  report(error: Error, context?: Record<string, unknown>): void;
}

let reporter: ErrorReporter | null = null;
let starting: Promise<void> | null = null;

/** Starts reporting once (uncaught errors and unhandled rejections from then on). */
export function startErrorReporting(settings: RollbarSettings | undefined): Promise<void> {
  if (!settings) return Promise.resolve();
  starting ??= import('./rollbar-reporter.ts')
    .then(({ rollbarReporter }) => {
      reporter = rollbarReporter(settings);
    })
    .catch((error: unknown) => {
      // The page works without it; the failure to load is all there is to say.
      console.error('[wizard] error reporting did not start', error);
    });
  return starting;
}

/** Reports an error when reporting is on; otherwise nothing (it has been logged already). */
export function reportError(error: unknown, context?: Record<string, unknown>): void {
  if (reporter && error instanceof Error) reporter.report(error, context);
}
