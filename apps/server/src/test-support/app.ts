import { createHash, randomUUID } from 'node:crypto';
import type { ProviderCatalogue } from '@fibre/domain/catalogue';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { openPostgres, type Database } from '../db/database.ts';
import { prepare } from '../app/open-database.ts';
import { MIGRATION_LOCK } from '../db/migrate.ts';
import { takeAdvisoryLock } from '../db/advisory-lock.ts';
import { importCatalogue } from '../catalogue/import.ts';
import { checkAnswers, type AnswerViolation } from '../http/define.ts';
import { RAISED_LIMITS } from './limits.ts';
import { preparedPglite } from './snapshots.ts';

/*
 * Every test app checks each answer against its route's definition (http/define.ts): an
 * undocumented status or a body its schema refuses answers 500 in its place, and closing the app
 * fails with the list, so every route test is also a contract test
 * (docs/decisions/013-one-schema-per-message.md).
 */
const violations: AnswerViolation[] = [];
checkAnswers((violation) => violations.push(violation));

/** The answers of `app` that did not match their definitions, taken off the list. */
export function takeAnswerViolations(app: FastifyInstance): AnswerViolation[] {
  const mine = violations.filter((v) => v.app === app);
  for (const v of mine) violations.splice(violations.indexOf(v), 1);
  return mine;
}

/** The configuration every test app runs on: a small address index, limits raised, and `env`. */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    ADDRESS_INDEX_SIZE: '2000',
    RATE_LIMIT_PER_MINUTE: '100000',
    ...RAISED_LIMITS,
    ...env,
  });
}

/**
 * The engines a route or database suite runs on: PGlite, and PostgreSQL too when
 * TEST_DATABASE_URL is set. TEST_ENGINES=postgres (or pglite) keeps one, as CI's second pass on
 * Node 22 does (.ci/run).
 */
export const engines = (): Array<'pglite' | 'postgres'> => {
  const all: Array<'pglite' | 'postgres'> = process.env.TEST_DATABASE_URL
    ? ['pglite', 'postgres']
    : ['pglite'];
  const only = process.env.TEST_ENGINES?.split(',').map((name) => name.trim());
  return only ? all.filter((engine) => only.includes(engine)) : all;
};

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  clock: { now: Date; advance(ms: number): void };
  close(): Promise<void>;
}

/**
 * A fresh database (in-memory PGlite, or a new schema on TEST_DATABASE_URL), migrated and seeded
 * with the demo catalogue (or `catalogue`, imported over it), and the app on it, in-process.
 */
export async function startTestApp(
  engine: 'pglite' | 'postgres' = 'pglite',
  env: Record<string, string> = {},
  options: {
    schema?: string;
    clock?: boolean;
    webDist?: string;
    /** Fastify logger settings, for a test that reads the log; off otherwise. */
    logger?: object;
    /** A catalogue to serve instead of the demo's. */
    catalogue?: ProviderCatalogue;
    /** The order references the install draws (context.ts), for a test of collisions. */
    newReference?: () => string;
    /** How webhook targets' names resolve (context.ts), for a test of DNS rebinding. */
    resolveHost?: AppOptions['resolveHost'];
    /** How long a webhook delivery waits (app.ts), for a test of a receiver that hangs. */
    webhookTimeoutMs?: number;
    /** How often the webhook worker polls (app.ts). */
    notificationPollMs?: number;
  } = {},
): Promise<TestApp> {
  const config = testConfig(env);
  let database: Database;
  if (engine === 'postgres') {
    database = await freshPostgres(options.schema);
    await prepare(database, config);
  } else {
    database = await preparedPglite(config);
  }
  if (options.catalogue) await importTestCatalogue(database, options.catalogue);
  const clock = {
    now: new Date(),
    advance(ms: number) {
      this.now = new Date(this.now.getTime() + ms);
    },
  };
  const app = await buildApp({
    config,
    database,
    logger: options.logger ?? false,
    ...(options.clock ? { now: () => clock.now } : {}),
    ...(options.newReference ? { newReference: options.newReference } : {}),
    ...(options.webDist ? { webDist: options.webDist } : {}),
    ...(options.resolveHost ? { resolveHost: options.resolveHost } : {}),
    ...(options.webhookTimeoutMs ? { webhookTimeoutMs: options.webhookTimeoutMs } : {}),
    ...(options.notificationPollMs ? { notificationPollMs: options.notificationPollMs } : {}),
  });
  await app.ready();
  return {
    app,
    database,
    config,
    clock,
    async close() {
      await app.close();
      await database.close();
      const wrong = takeAnswerViolations(app);
      if (wrong.length > 0) {
        throw new Error(
          `Answers that do not match their route's definition:\n${wrong
            .map((v) => `${v.route} ${v.status}: ${v.problem}`)
            .join('\n')}`,
        );
      }
    },
  };
}

/** Another app on the same database (a second instance, or a restart), ready; the caller closes it. */
export async function startAppOn(
  config: Config,
  database: Database,
  options: Partial<AppOptions> = {},
): Promise<FastifyInstance> {
  const app = await buildApp({ config, database, logger: false, ...options });
  await app.ready();
  return app;
}

/** Waits until `done()` holds, looking every 25 ms for at most 5 s. */
export async function eventually(done: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !done(); i++) await new Promise((r) => setTimeout(r, 25));
}

/** Imports a catalogue as if from a file whose text hashes as its JSON does. */
export async function importTestCatalogue(database: Database, catalogue: ProviderCatalogue) {
  const sha = createHash('sha256').update(JSON.stringify(catalogue)).digest('hex');
  return importCatalogue(database, catalogue, { sha, source: 'file', now: new Date() });
}

/**
 * The extensions, in public and shared by every test schema, created under the migrations' lock:
 * test files starting together on a fresh database race, and concurrent `CREATE EXTENSION IF NOT
 * EXISTS` fails in PostgreSQL ('duplicate key value violates unique constraint
 * "pg_extension_name_index"'). The lock is tried, not waited for inside PostgreSQL
 * (db/advisory-lock.ts): a session blocked in pg_advisory_lock while another test file's
 * migrations hold it and build an index concurrently was ended with 'deadlock detected'. `admin`
 * has one connection, so the session lock and the statements share it.
 */
export async function createTestExtensions(admin: Database): Promise<void> {
  await takeAdvisoryLock(admin.db, MIGRATION_LOCK, 'session');
  try {
    await admin.exec(
      'CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public; CREATE EXTENSION IF NOT EXISTS btree_gist SCHEMA public;',
    );
  } finally {
    await admin.exec(`SELECT pg_advisory_unlock(${MIGRATION_LOCK})`);
  }
}

/** A new, empty schema on the test PostgreSQL, or the named one to share between instances. */
export async function freshPostgres(schema?: string): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const name = schema ?? `t_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const admin = await openPostgres(url, { max: 1 });
  await createTestExtensions(admin);
  await admin.exec(`CREATE SCHEMA IF NOT EXISTS ${name}`);
  await admin.close();
  return openPostgres(url, { schema: `${name},public` });
}
