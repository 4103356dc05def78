/**
 * Where the wizard reports errors. Structured console output for now; the error-reporting adapter
 * (Rollbar in production, PRODUCT.md 2) plugs in here.
 */
export function logError(message: string, detail?: unknown): void {
  console.error(`[wizard] ${message}`, detail ?? '');
}
