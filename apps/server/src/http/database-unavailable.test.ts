import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { errorHandlers } from './error-handler.ts';
import { takeAnswerViolations } from '../test-support/app.ts';
import { defineRoute, registerDefined } from './define.ts';
import { openPostgres, type Database } from '../db/database.ts';
import {
  DatabaseUnavailable,
  isConnectionLoss,
  isDatabaseUnavailable,
} from './database-unavailable.ts';

/*
 * A lost or refused database connection is an answer, never a crash (docs/deploy.md, "When the
 * database restarts"). database-restart.test.ts runs the compiled server through one.
 */

const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('what counts as a lost or refused connection', () => {
  it.each([
    [
      'a restart or pg_terminate_backend',
      pgError('57P01', 'terminating connection due to administrator command'),
    ],
    [
      'a crash of another backend',
      pgError('57P02', 'terminating connection because of crash of another server process'),
    ],
    ['a database starting up', pgError('57P03', 'the database system is starting up')],
    ['a connection exception', pgError('08006', 'connection failure')],
    ['too many connections', pgError('53300', 'sorry, too many clients already')],
    ['a refused socket', pgError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['a reset socket', pgError('ECONNRESET', 'read ECONNRESET')],
    ['the driver seeing the socket end', new Error('Connection terminated unexpectedly')],
    [
      'a client that lost its connection',
      new Error('Client has encountered a connection error and is not queryable'),
    ],
    ['no free connection in time', new Error('timeout exceeded when trying to connect')],
    ['both addresses of localhost refused', new AggregateError([pgError('ECONNREFUSED', 'x')], '')],
  ])('%s', (_what, error) => {
    expect(isConnectionLoss(error)).toBe(true);
  });

  it.each([
    ['a unique violation', pgError('23505', 'duplicate key value violates unique constraint')],
    [
      'a statement timeout, whose session lives on',
      pgError('57014', 'canceling statement due to statement timeout'),
    ],
    ['a syntax error', pgError('42601', 'syntax error at or near "SELEC"')],
    ['our own fault', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a string', 'Connection terminated unexpectedly'],
  ])('not %s', (_what, error) => {
    expect(isConnectionLoss(error)).toBe(false);
  });

  it('finds DatabaseUnavailable as the error or among its causes', () => {
    const lost = new DatabaseUnavailable(pgError('57P01', 'terminating connection'));
    expect(isDatabaseUnavailable(lost)).toBe(true);
    expect(isDatabaseUnavailable(new Error('order failed', { cause: lost }))).toBe(true);
    expect(isDatabaseUnavailable(pgError('57P01', 'terminating connection'))).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
  });
});

describe('the answer to a lost connection', () => {
  let app: FastifyInstance;
  const report = vi.fn();
  afterEach(() => app.close());

  async function appThrowing(error: unknown): Promise<FastifyInstance> {
    app = Fastify();
    errorHandlers(app, { report, flush: async () => {} });
    registerDefined(app, [
      defineRoute({
        method: 'GET',
        url: '/things',
        operationId: 'listThings',
        summary: 'Things',
        tags: ['leads'],
        security: 'public',
        responses: { 200: { description: 'Things' } },
        handler: async () => {
          throw error;
        },
      }),
    ]);
    await app.ready();
    report.mockClear();
    return app;
  }

  it.each([
    ['as raised', new DatabaseUnavailable(pgError('57P01', 'terminating connection'))],
    [
      'as the cause of another error',
      new Error('install failed', { cause: new DatabaseUnavailable(new Error('x')) }),
    ],
  ])(
    'is 503 database_unavailable with Retry-After, %s, and no fault reported',
    async (_how, error) => {
      await appThrowing(error);
      const res = await app.inject({ method: 'GET', url: '/things' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({
        error: 'database_unavailable',
        message: 'The service is briefly unavailable: please try again in a moment',
      });
      expect(report).not.toHaveBeenCalled();
      // Every route documents it (http/define.ts): the answer check finds nothing undocumented.
      expect(takeAnswerViolations(app)).toEqual([]);
    },
  );

  it('leaves any other failure a reported 500', async () => {
    await appThrowing(new Error('boom'));
    const res = await app.inject({ method: 'GET', url: '/things' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ error: 'internal' });
    expect(report).toHaveBeenCalledOnce();
  });
});

// The pools themselves, on the test PostgreSQL: each test cuts only its own sessions, by pid.
describe.runIf(!!process.env.TEST_DATABASE_URL)(
  'the PostgreSQL pools when a session is cut',
  () => {
    const url = process.env.TEST_DATABASE_URL!;
    let admin: pg.Client;
    let database: Database;
    const lost: unknown[] = [];
    beforeAll(async () => {
      admin = new pg.Client({ connectionString: url });
      await admin.connect();
      database = await openPostgres(url, { max: 2 });
      database.onConnectionLost((error) => lost.push(error));
    });
    afterAll(async () => {
      await database?.close();
      await admin?.end();
    });

    const pidOf = async (db: Database['db']) =>
      (await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(db)).rows[0]!.pid;
    const cut = (pid: number) => admin.query('SELECT pg_terminate_backend($1)', [pid]);

    it('names its sessions in pg_stat_activity', async () => {
      const name = async (db: Database['db']) => {
        const pid = await pidOf(db);
        const row = await admin.query(
          'SELECT application_name FROM pg_stat_activity WHERE pid = $1',
          [pid],
        );
        return (row.rows[0] as { application_name: string }).application_name;
      };
      expect(await name(database.db)).toBe('fibre-signup');
      expect(await name(database.search(1000))).toBe('fibre-signup search');
    });

    it('answers a transaction whose session is cut with DatabaseUnavailable, and lives on', async () => {
      const work = database.db.transaction().execute(async (trx) => {
        await cut(await pidOf(trx));
        await sql`SELECT 1`.execute(trx);
      });
      await expect(work).rejects.toBeInstanceOf(DatabaseUnavailable);
      // The next query gets a new session.
      expect(await pidOf(database.db)).toBeGreaterThan(0);
    });

    it('says when an idle session is cut, and connects again on demand', async () => {
      const before = await pidOf(database.db);
      lost.length = 0;
      await cut(before);
      for (let i = 0; i < 100 && lost.length === 0; i++)
        await new Promise((r) => setTimeout(r, 20));
      expect(lost).toEqual([expect.objectContaining({ code: '57P01' })]);
      expect(await pidOf(database.db)).not.toBe(before);
    });

    it('answers a refused connection with DatabaseUnavailable', async () => {
      const nowhere = new URL(url);
      nowhere.port = '1';
      const closed = await openPostgres(nowhere.toString());
      try {
        const query = sql`SELECT 1`.execute(closed.db);
        await expect(query).rejects.toBeInstanceOf(DatabaseUnavailable);
        await expect(query).rejects.toMatchObject({ cause: { code: 'ECONNREFUSED' } });
      } finally {
        await closed.close();
      }
    });
  },
);
