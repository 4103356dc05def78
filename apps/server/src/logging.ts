import type { Config } from './config.ts';

/*
 * Logs carry no personal data (docs/decisions/008-server-input.md). A database error holds the
 * statement and its parameters (PGlite adds `query` and `params`; PostgreSQL's `detail` repeats
 * the row's values, as in 'Key (email)=(jane@example.com) already exists'), and a request's query
 * string holds what the visitor typed. Errors are therefore logged field by field from a list of
 * fields that name what failed, never what was in it.
 */

/** Fields of an error that say what failed: the SQLSTATE, the constraint, the table... */
const safeFields = [
  'code',
  'statusCode',
  'severity',
  'routine',
  'schema',
  'table',
  'column',
  'constraint',
  'dataType',
] as const;

// SQLSTATE class 22 (data exceptions) quotes the refused value: 'invalid input syntax for type
// uuid: "jane@example.com"'.
const quotedValue = /: ".*"$/s;

function safeMessage(error: Error & { code?: unknown }): string {
  const dataException = typeof error.code === 'string' && /^22[0-9A-Z]{3}$/.test(error.code);
  return dataException ? error.message.replace(quotedValue, ': [redacted]') : error.message;
}

export interface SafeError {
  type: string;
  message: string;
  stack: string;
  cause?: SafeError;
  [field: string]: unknown;
}

/** An error as it may be logged or reported: what failed and where, none of the data. */
export function safeError(error: unknown, depth = 0): SafeError {
  if (!(error instanceof Error)) {
    const message = 'A non-error was thrown';
    return { type: typeof error, message, stack: message };
  }
  const message = safeMessage(error);
  const type = error.constructor?.name ?? error.name;
  const safe: SafeError = { type, message, stack: `${type}: ${message}` };
  for (const field of safeFields) {
    const value = (error as unknown as Record<string, unknown>)[field];
    if (typeof value === 'string' || typeof value === 'number') safe[field] = value;
  }
  // The stack's first lines repeat the message; the frames after them hold no data.
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  safe.stack = [safe.stack, ...frames].join('\n');
  if (error.cause !== undefined && depth < 3) safe.cause = safeError(error.cause, depth + 1);
  return safe;
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
}

/** Fastify's logger settings: the level, redacted headers, and serializers that keep data out. */
export function loggerOptions(config: Config) {
  return {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie'],
    serializers: {
      err: safeError,
      error: safeError,
      // The path names the route; the query string holds what the visitor typed (an address).
      req: (request: LoggedRequest) => ({
        method: request.method,
        url: request.url.split('?')[0],
        host: request.host,
      }),
    },
  };
}
