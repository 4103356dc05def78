import { mkdir } from 'node:fs/promises';
import { ConfigError, type Config } from '../config.ts';
import { openPglite, openPostgres, type Database } from './database.ts';

/**
 * The engine alone, reachable but untouched: `npm run migrate` and the
 * CLIs (catalogue, operator, addresses) start from it; the app's own start adds the rest
 * (app/open-database.ts).
 * DATA_DIR is claimed for this process first: another live process's claim throws DataDirInUse
 * (a ConfigError), and nothing in the directory is opened or written.
 */
export async function connectDatabase(config: Config, owner?: string): Promise<Database> {
  if (config.databaseUrl) {
    const database = await openPostgres(config.databaseUrl);
    await checkConnection(database, config.databaseUrl);
    return database;
  }
  await mkdir(config.dataDir, { recursive: true });
  return openPglite(config.dataDir, { owner });
}

// Why a connection failed, in words, by the error's code (Node's for the socket, SQLSTATE for
// PostgreSQL's refusals).
const connectionFailures: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host not found',
  ETIMEDOUT: 'timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ECONNRESET: 'connection reset',
  '28P01': 'password authentication failed',
  '28000': 'not authorised',
  '3D000': 'no such database',
};

interface SocketError {
  code?: string;
  address?: string;
  port?: number;
  errors?: unknown[];
}

/**
 * The one line a person needs when PostgreSQL cannot be reached at start-up, e.g.
 * 'DATABASE_URL: cannot connect to PostgreSQL at 127.0.0.1:5999 (connection refused)', or
 * undefined for any other failure. It names the host and port, never the user or password.
 */
export function connectionFailure(url: string, error: unknown): string | undefined {
  // 'localhost' tries ::1 and 127.0.0.1: Node then throws an AggregateError of both attempts.
  const inner = ((error as SocketError | null)?.errors?.[0] ?? error) as SocketError | null;
  const code = (error as SocketError | null)?.code ?? inner?.code;
  const reason = code ? connectionFailures[code] : undefined;
  if (!reason) return undefined;
  let where: string;
  try {
    const parsed = new URL(url);
    where = `${parsed.hostname}:${parsed.port || '5432'}`;
  } catch {
    // A URL the config accepted but URL cannot read: the socket's own address.
    where = inner?.address ? `${inner.address}:${inner.port ?? 5432}` : 'the configured host';
  }
  return `DATABASE_URL: cannot connect to PostgreSQL at ${where} (${reason})`;
}

/** The first query, so an unreachable database stops the start with a line, not a stack. */
async function checkConnection(database: Database, url: string): Promise<void> {
  try {
    await database.exec('SELECT 1');
  } catch (error) {
    const failure = connectionFailure(url, error);
    if (!failure) throw error;
    await database.close().catch(() => undefined);
    throw new ConfigError(failure);
  }
}
