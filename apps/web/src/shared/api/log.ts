import { reportError } from '../adapters/error-reporting/error-reporting.ts';

/**
 * Where the wizard reports errors: the console, and the error-reporting adapter (Rollbar in
 * production, docs/rules/outside-parts.md) for thrown errors. Error answers the HTTP client logs
 * are expected outcomes the wizard handles, so only Error values are reported.
 */
export function logError(message: string, detail?: unknown): void {
  console.error(`[wizard] ${message}`, detail ?? '');
  // A query string can carry what the visitor typed (an address): it stays out of reports.
  reportError(detail, { message: message.replace(/\?\S*/g, '') });
}
