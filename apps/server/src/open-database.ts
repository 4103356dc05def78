import { mkdir } from 'node:fs/promises';
import { loadCatalogueOfRecord } from './catalogue/index.ts';
import { ConfigError, type Config } from './config.ts';
import { openPglite, openPostgres, type Database } from './db/database.ts';
import { migrate, pendingMigrations } from './db/migrate.ts';
import { seedAddresses } from './addresses/index.ts';

/**
 * PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR; migrated, catalogued, indexed.
 * `owner` names this process in the data directory's claim (db/data-dir-lock.ts).
 */
export async function openDatabase(config: Config, owner?: string): Promise<Database> {
  const database = await connectDatabase(config, owner);
  await prepare(database, config);
  return database;
}

/**
 * The engine alone, reachable but untouched: the catalogue CLI migrates and imports itself.
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

/**
 * Migrations, then the catalogue of record (catalogue/boot.ts), then the address index, which
 * holds the stored buildings' addresses. Every step is idempotent: a restart or a second instance
 * changes nothing. With MIGRATE_ON_START=0 the migrations are a step of their own (`npm run
 * migrate`, docs/migrations.md): here they are only checked.
 */
export async function prepare(database: Database, config: Config): Promise<void> {
  if (config.migrateOnStart) await migrate(database);
  else await refuseUnapplied(database);
  await loadCatalogueOfRecord(database, config);
  await seedAddresses(database, config);
}

/** One line naming the migrations not applied yet, and the command that applies them. */
async function refuseUnapplied(database: Database): Promise<void> {
  const pending = await pendingMigrations(database);
  if (pending.length === 0) return;
  await database.close().catch(() => undefined);
  throw new ConfigError(
    `MIGRATE_ON_START=0: ${pending.length} migration${pending.length === 1 ? ' is' : 's are'} not applied (${pending.join(', ')}): run npm run migrate first`,
  );
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
