import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { dumpPglite, openPglite, type Database } from './database.ts';

// docs/decisions/032-pglite-in-a-worker.md: the embedded database runs in a thread of its own.
describe('the embedded database (PGlite in its own thread)', () => {
  const opened: Database[] = [];
  const open = async (from?: Blob) => {
    const database = await openPglite(undefined, from ? { from } : {});
    opened.push(database);
    return database;
  };
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((database) => database.close()));
  });

  it('leaves the server thread free while a long statement runs: a timer set as it starts fires before it answers', async () => {
    const database = await open();
    const order: string[] = [];
    const statement = sql<{ n: number }>`SELECT count(*)::int AS n FROM generate_series(1, 3000000)`
      .execute(database.db)
      .then((result) => order.push(`statement ${result.rows[0]?.n}`));
    const timer = new Promise<void>((resolve) =>
      setImmediate(() => {
        order.push('timer');
        resolve();
      }),
    );
    await Promise.all([statement, timer]);
    expect(order).toEqual(['timer', 'statement 3000000']);
  });

  it("keeps a refused statement's SQLSTATE and constraint, as PostgreSQL's driver gives them", async () => {
    const database = await open();
    await database.exec('CREATE TABLE t (id int CONSTRAINT t_id PRIMARY KEY)');
    await sql`INSERT INTO t VALUES (${1})`.execute(database.db);
    const refused = await sql`INSERT INTO t VALUES (${1})`.execute(database.db).catch((e) => e);
    expect(refused).toBeInstanceOf(Error);
    expect(refused).toMatchObject({ code: '23505', constraint: 't_id', table: 't' });
    expect(refused.message).toContain('duplicate key value violates unique constraint "t_id"');
  });

  it('returns calendar days as written and runs a transaction as one session', async () => {
    const database = await open();
    await database.exec('CREATE TABLE d (day date, at timestamptz)');
    await database.db.transaction().execute(async (trx) => {
      await sql`INSERT INTO d VALUES (${'2026-12-04'}, ${new Date('2026-12-04T01:02:03Z')})`.execute(
        trx,
      );
    });
    const { rows } = await sql<{ day: unknown; at: unknown }>`SELECT day, at FROM d`.execute(
      database.db,
    );
    expect(rows).toEqual([{ day: '2026-12-04', at: new Date('2026-12-04T01:02:03Z') }]);
  });

  it('starts a copy from a dump of another, with its rows', async () => {
    const first = await open();
    await first.exec("CREATE TABLE kept (word text); INSERT INTO kept VALUES ('fibre')");
    const copy = await open(await dumpPglite(first));
    const { rows } = await sql<{ word: string }>`SELECT word FROM kept`.execute(copy.db);
    expect(rows).toEqual([{ word: 'fibre' }]);
  });

  it('answers every statement after it is closed with an error, not silence', async () => {
    const database = await openPglite(undefined);
    await database.close();
    await expect(sql`SELECT 1`.execute(database.db)).rejects.toThrow();
  });
});
