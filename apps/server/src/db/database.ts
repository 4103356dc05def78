import { Kysely, PostgresDialect, type PostgresPool, type PostgresPoolClient } from 'kysely';
import pg from 'pg';
import { safeError } from '../http/logging.ts';
import type { Schema } from './schema.ts';
import { DatabaseUnavailable, isConnectionLoss } from '../http/database-unavailable.ts';
import { describeProcess, lockDataDir } from './data-dir-lock.ts';
import { PgliteSessionPool, PgliteThread } from './pglite-thread.ts';

/**
 * One typed query layer (Kysely) over either engine. PGlite is PostgreSQL compiled to WebAssembly
 * with a single session, so its "pool" hands that session to one caller at a time: a transaction
 * owns the session from BEGIN to COMMIT and nobody else's statements land inside it.
 */
export interface Database {
  kind: 'pglite' | 'postgres';
  db: Kysely<Schema>;
  /** Runs SQL text that may hold several statements (migrations). */
  exec(sql: string): Promise<void>;
  /**
   * Where autocomplete searches (docs/decisions/021-autocomplete-bounds.md). On PostgreSQL, a
   * small pool of its own whose sessions run every statement under `statement_timeout` at
   * timeoutMs, set once when each connects: a search is one round trip, and searches never take
   * the connections orders and holds need. PGlite's one session cannot interrupt a statement, so
   * there it is `db` and timeoutMs is not used.
   */
  search(timeoutMs: number): Kysely<Schema>;
  /**
   * Where a lost connection is said (docs/deploy.md, "When the database restarts"): a connection
   * the database ended while it sat idle in the pool (a restart, a failover, an administrator).
   * The pool has let it go already and connects again on demand; this only tells. Until a
   * listener is set, one line goes to stderr. PGlite never loses its session.
   */
  onConnectionLost(listener: (error: unknown) => void): void;
  close(): Promise<void>;
}

// Timestamps, bigints and numerics come back as JS values the repositories expect.
pg.types.setTypeParser(20, (v) => Number(v)); // int8
pg.types.setTypeParser(1700, (v) => Number(v)); // numeric
// A date is a calendar day, not an instant: 'YYYY-MM-DD' as stored, in any process zone.
const DATE = 1082;
pg.types.setTypeParser(DATE, (v) => v);

export async function openPostgres(
  url: string,
  options: { schema?: string; max?: number } = {},
): Promise<Database> {
  let connectionLost = (error: unknown) =>
    console.error(`database connection lost: ${safeError(error).message}`);
  const settings = (role: string, timeoutMs?: number): pg.PoolConfig => {
    const set = [
      ...(options.schema ? [`-c search_path=${options.schema}`] : []),
      ...(timeoutMs === undefined ? [] : [`-c statement_timeout=${Math.trunc(timeoutMs)}`]),
    ];
    return {
      connectionString: url,
      // pg_stat_activity names our sessions (an application_name in DATABASE_URL wins).
      application_name: role,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      // A peer that vanished (a failover that moved the address) is noticed on an idle socket.
      keepAlive: true,
      ...(set.length > 0 ? { options: set.join(' ') } : {}),
    };
  };
  const watched = (pool: pg.Pool) => {
    // An idle connection the database ended: without a listener, node-postgres's 'error' event
    // would end the process. The pool has already dropped it.
    pool.on('error', (error) => connectionLost(error));
    // A connection that breaks while lent out also says so on its client: its query rejects (and
    // is answered), and the pool drops the client when it comes back. Nothing more to tell.
    pool.on('connect', (client) => client.on('error', () => undefined));
    return answering(pool);
  };
  const pool = new pg.Pool({ max: options.max ?? 10, ...settings(applicationName) });
  const db = new Kysely<Schema>({ dialect: new PostgresDialect({ pool: watched(pool) }) });
  // One search pool per timeout asked for: a server asks for one, its config's.
  const searches = new Map<number, Kysely<Schema>>();
  return {
    kind: 'postgres',
    db,
    exec: async (sql) => {
      await pool.query(sql);
    },
    search: (timeoutMs) => {
      let search = searches.get(timeoutMs);
      if (!search) {
        const searchPool = new pg.Pool({
          max: searchConnections,
          ...settings(`${applicationName} search`, timeoutMs),
        });
        search = new Kysely<Schema>({
          dialect: new PostgresDialect({ pool: watched(searchPool) }),
        });
        searches.set(timeoutMs, search);
      }
      return search;
    },
    onConnectionLost: (listener) => {
      connectionLost = listener;
    },
    close: async () => {
      await Promise.all([...searches.values()].map((search) => search.destroy()));
      await db.destroy();
    },
  };
}

/** What pg_stat_activity shows for our sessions; searches add ' search'. */
const applicationName = 'fibre-signup';

/**
 * How long a query waits for a connection, made or free, before it is answered 503
 * (docs/deploy.md): an unreachable database answers in seconds, not at TCP's timeout.
 */
const CONNECT_TIMEOUT_MS = 10_000;

/**
 * The pool as Kysely sees it, where a lost or refused connection becomes DatabaseUnavailable
 * (http/database-unavailable.ts): failing to get a connection at all, and a query whose connection broke.
 * Errors the database answered about a statement pass as they are.
 */
function answering(pool: pg.Pool): PostgresPool {
  const clients = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const unavailable = (error: unknown) => {
    throw isConnectionLoss(error) ? new DatabaseUnavailable(error) : error;
  };
  return {
    async connect() {
      const client = await pool.connect().catch((error: unknown) => {
        throw new DatabaseUnavailable(error);
      });
      let answered = clients.get(client);
      if (!answered) {
        const query = (...args: unknown[]) => {
          const result = (client.query as (...a: unknown[]) => unknown)(...args);
          // A cursor (a submittable) is returned as is; a query's promise is watched.
          return result instanceof Promise ? result.catch(unavailable) : result;
        };
        answered = { query, release: () => client.release() } as unknown as PostgresPoolClient;
        clients.set(client, answered);
      }
      return answered;
    },
    end: () => pool.end(),
    options: pool.options,
  };
}

/**
 * Searches running at once on PostgreSQL, per instance: each is bounded work on a CPU, so more
 * than a few only queue inside the database instead of here.
 */
const searchConnections = 4;

/**
 * dataDir undefined means in memory (tests). A data directory is claimed for this process before
 * PGlite opens it, and released when the database closes (data-dir-lock.ts): another live
 * process's claim throws DataDirInUse, and nothing is opened. `owner` says what this process is
 * in the claim, for the message another process shows ('the server', 'npm run operator').
 * PGlite runs in a worker thread of its own (docs/decisions/032-pglite-in-a-worker.md): a
 * statement that takes milliseconds never holds the thread that reads requests.
 */
export async function openPglite(
  dataDir: string | undefined,
  options: {
    owner?: string;
    /** A data directory dumped by `dumpPglite`, to start from instead of an empty cluster. */
    from?: Blob;
  } = {},
): Promise<Database> {
  const lock = dataDir ? await lockDataDir(dataDir, options.owner ?? describeProcess()) : undefined;
  let engine: PgliteThread;
  try {
    engine = await PgliteThread.start({
      ...(dataDir ? { dataDir } : {}),
      ...(options.from ? { from: await options.from.arrayBuffer() } : {}),
    });
  } catch (error) {
    await lock?.release();
    throw error;
  }
  const pool = new PgliteSessionPool(engine);
  const db = new Kysely<Schema>({ dialect: new PostgresDialect({ pool }) });
  const database: Database = {
    kind: 'pglite',
    db,
    exec: (sql) =>
      pool.exclusive(async () => {
        await engine.query(sql, []);
      }),
    search: () => db,
    onConnectionLost: () => undefined,
    close: async () => {
      try {
        await db.destroy();
        // Kysely ends a pool only once it has used it: a database never asked still closes.
        await pool.end();
      } finally {
        await lock?.release();
      }
    },
  };
  pglites.set(database, { engine, pool });
  return database;
}

const pglites = new WeakMap<Database, { engine: PgliteThread; pool: PgliteSessionPool }>();

/**
 * The whole data directory of an open PGlite database, as `openPglite`'s `from` takes it: the
 * tests start each database from one migrated and seeded copy instead of an empty cluster.
 */
export async function dumpPglite(database: Database): Promise<Blob> {
  const open = pglites.get(database);
  if (!open) throw new Error('dumpPglite: not a PGlite database');
  return open.pool.exclusive(async () => new Blob([await open.engine.dump()]));
}
