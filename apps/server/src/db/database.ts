import { Kysely, PostgresDialect, type PostgresPool, type PostgresPoolClient } from 'kysely';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import type { Schema } from './schema.ts';
import { describeProcess, lockDataDir } from './data-dir-lock.ts';

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
  const settings = (timeoutMs?: number) => {
    const set = [
      ...(options.schema ? [`-c search_path=${options.schema}`] : []),
      ...(timeoutMs === undefined ? [] : [`-c statement_timeout=${Math.trunc(timeoutMs)}`]),
    ];
    return set.length > 0 ? { options: set.join(' ') } : {};
  };
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10, ...settings() });
  const db = new Kysely<Schema>({ dialect: new PostgresDialect({ pool }) });
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
          connectionString: url,
          max: searchConnections,
          ...settings(timeoutMs),
        });
        search = new Kysely<Schema>({ dialect: new PostgresDialect({ pool: searchPool }) });
        searches.set(timeoutMs, search);
      }
      return search;
    },
    close: async () => {
      await Promise.all([...searches.values()].map((search) => search.destroy()));
      await db.destroy();
    },
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
 */
export async function openPglite(
  dataDir: string | undefined,
  options: { owner?: string } = {},
): Promise<Database> {
  const lock = dataDir ? await lockDataDir(dataDir, options.owner ?? describeProcess()) : undefined;
  let pglite: PGlite;
  try {
    pglite = await PGlite.create({
      ...(dataDir ? { dataDir } : {}),
      extensions: { pg_trgm, btree_gist },
      parsers: { [DATE]: (v: string) => v },
    });
  } catch (error) {
    await lock?.release();
    throw error;
  }
  const pool = new PgliteSessionPool(pglite);
  const db = new Kysely<Schema>({ dialect: new PostgresDialect({ pool }) });
  return {
    kind: 'pglite',
    db,
    exec: (sql) =>
      pool.exclusive(async () => {
        await pglite.exec(sql);
      }),
    search: () => db,
    close: async () => {
      try {
        await db.destroy();
      } finally {
        await lock?.release();
      }
    },
  };
}

class PgliteSessionPool implements PostgresPool {
  private queue: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(private readonly pglite: PGlite) {}

  async connect(): Promise<PostgresPoolClient> {
    let release!: () => void;
    const turn = new Promise<void>((resolve) => (release = resolve));
    const before = this.queue;
    this.queue = before.then(() => turn);
    await before;
    // PGlite runs each statement on this thread. Waiting callers would otherwise take the session
    // one after another within one turn of the event loop, and no request would be read until the
    // queue is empty: a flood of searches starves every other route, and no per-client bound ever
    // sees it (docs/decisions/021-autocomplete-bounds.md). Let I/O in between turns.
    await new Promise<void>((resolve) => setImmediate(resolve));
    const pglite = this.pglite;
    const client = {
      async query(sql: string, parameters: ReadonlyArray<unknown>) {
        const command = sql.trimStart().slice(0, 6).toUpperCase();
        // Without parameters, the simple protocol also runs several statements (migrations).
        const result =
          parameters.length === 0
            ? (await pglite.exec(sql)).at(-1)
            : await pglite.query(sql, parameters as unknown[]);
        return { command, rowCount: result?.affectedRows ?? 0, rows: result?.rows ?? [] };
      },
      release,
    };
    return client as unknown as PostgresPoolClient;
  }

  async exclusive<T>(work: () => Promise<T>): Promise<T> {
    const client = await this.connect();
    try {
      return await work();
    } finally {
      client.release();
    }
  }

  async end(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.queue;
    await this.pglite.close();
  }
}
