/*
 * A lost or refused database connection is an answer, never a crash (docs/deploy.md, "When the
 * database restarts"): PostgreSQL restarted for maintenance, a managed database failing over, an
 * administrator ending sessions. The PostgreSQL pools (db/database.ts) turn every such failure into
 * DatabaseUnavailable where it happens, at the driver, so the error handler can tell it from a
 * fault of ours without guessing from another library's socket errors (Redis, SMTP, a service).
 */

/** The database cannot be reached now: the request may be retried once it is back. */
export class DatabaseUnavailable extends Error {
  constructor(cause: unknown) {
    super('The database connection was lost or refused', { cause });
    this.name = 'DatabaseUnavailable';
  }
}

/**
 * SQLSTATEs that end or refuse a session: class 08 (connection exception), 53300
 * (too_many_connections), and 57P01 admin_shutdown (a restart, a failover, pg_terminate_backend),
 * 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up or in recovery), 57P04
 * database_dropped, 57P05 idle_session_timeout. Not 57014 (a statement timeout): the session
 * lives on.
 */
const sessionEnded = /^(08[0-9A-Z]{3}|53300|57P0[1-5])$/;

/** Node's socket errors, as the driver passes them on when the connection breaks or is refused. */
const socketFailures = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** node-postgres's own words for a connection that ended under a query, or a dead client. */
const driverWords =
  /^(Connection terminated|Client has encountered a connection error|Client was closed|timeout exceeded when trying to connect)/;

/**
 * Whether an error the PostgreSQL driver raised means the connection is gone or cannot be made,
 * as opposed to a statement the database refused (a constraint, a syntax error, a timeout).
 */
export function isConnectionLoss(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (sessionEnded.test(code) || socketFailures.has(code))) {
    return true;
  }
  // 'localhost' tries ::1 and 127.0.0.1: Node then rejects with an AggregateError of both.
  if (error instanceof AggregateError) return error.errors.some(isConnectionLoss);
  return driverWords.test(error.message);
}

/** The error, or one of its causes, is a DatabaseUnavailable. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let at = error, depth = 0; at instanceof Error && depth < 5; depth++) {
    if (at instanceof DatabaseUnavailable) return true;
    at = at.cause;
  }
  return false;
}
