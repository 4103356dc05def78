import { Writable } from 'node:stream';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import Fastify from 'fastify';
import { loggerOptions, safeError } from './logging.ts';
import { engines, startTestApp, type TestApp } from '../test-support/app.ts';

// Logs carry no personal data (docs/decisions/008-server-input.md). Before, a database error was
// logged at error level with its SQL and parameters: on PGlite the email and mobile of the lead.
describe.each(engines())('the log on %s', (engine) => {
  let t: TestApp;
  let app: FastifyInstance;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await startTestApp(engine);
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', ADDRESS_INDEX_SIZE: '2000', LOG_LEVEL: 'info' }),
      database: t.database as Database,
      logger: { stream },
    });
    await app.ready();
    // A database error whose statement carries personal data: the lead's table is gone.
    await sql`DROP TABLE leads`.execute(t.database.db);
  });
  afterAll(async () => {
    await app.close();
    await t.close();
  });

  it('names the failure, not the data', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/public/leads',
      payload: {
        firstName: 'Jane',
        lastName: 'Citizen',
        email: 'jane.private@example.com',
        phone: '0412 987 654',
        formatted_address: '12 Cavenagh Street, Darwin City NT 0800',
        message: 'Call me after five',
      },
    });
    expect(res.statusCode).toBe(500);
    const log = lines.join('');
    const errors = lines.map((line) => JSON.parse(line)).filter((entry) => entry.level >= 50);
    expect(errors).toHaveLength(1);
    expect(errors[0].err.message).toContain('relation "leads" does not exist');
    expect(errors[0].err.code).toBe('42P01');
    for (const data of [
      'jane.private',
      '0412987654',
      '0412 987 654',
      'Citizen',
      'Call me',
      'insert into',
    ])
      expect(log.toLowerCase()).not.toContain(data.toLowerCase());
  });

  it('logs the path of a request without its query string', async () => {
    await app.inject({ method: 'GET', url: '/api/v1/public/addresses?q=7%20Wattle%20Grove' });
    const log = lines.join('');
    expect(log).toContain('/api/v1/public/addresses');
    expect(log).not.toContain('Wattle');
  });
});

describe('safeError', () => {
  it('keeps what failed and drops the data', () => {
    const error = Object.assign(new Error('duplicate key value violates unique constraint "x"'), {
      code: '23505',
      constraint: 'x',
      table: 'leads',
      detail: 'Key (email)=(jane@example.com) already exists.',
      query: 'insert into leads values ($1)',
      params: ['jane@example.com'],
    });
    const safe = safeError(error);
    expect(safe).toMatchObject({ code: '23505', constraint: 'x', table: 'leads' });
    expect(JSON.stringify(safe)).not.toMatch(/jane|insert/);
  });

  it('hides the value a data exception quotes', () => {
    const error = Object.assign(
      new Error('invalid input syntax for type uuid: "jane@example.com"'),
      {
        code: '22P02',
      },
    );
    expect(safeError(error).message).toBe('invalid input syntax for type uuid: [redacted]');
    expect(safeError(error).stack).not.toContain('jane');
  });
});

describe('the log and a bank account (docs/rules/contact-and-connection.md#direct-debit)', () => {
  it('censors a bank account however it is logged', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info' });
    const app = Fastify({ logger: { ...loggerOptions(config), stream } });
    const account = { account_name: 'Jane Citizen', bsb: '062-000', account_number: '98765432' };
    app.log.info({ charge_bee: { bank_account: account } }, 'body');
    app.log.info({ body: { charge_bee: { bank_account: account } } }, 'request');
    app.log.info({ bankAccount: account }, 'facts');
    app.log.info({ facts: { bankAccount: account } }, 'nested facts');
    await app.close();
    const log = lines.join('');
    expect(lines).toHaveLength(4);
    for (const data of ['98765432', '062-000', 'Jane Citizen']) expect(log).not.toContain(data);
    expect(log).toContain('[Redacted]');
  });
});
