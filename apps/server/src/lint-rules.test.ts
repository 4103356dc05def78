import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The workspace's lint configuration keeps SQL in repositories (README, Layout): elsewhere the
// server carries the database by type only; and it keeps the server's direction: infrastructure
// imports no feature, a feature reaches another only through its index.ts. These cases prove the
// rules fire where they should. The
// snippets' files are not on disk, which import/no-cycle cannot walk, so that rule (tested in
// packages/domain) is off here.
const eslint = new ESLint({
  cwd: new URL('../../..', import.meta.url).pathname,
  overrideConfig: { rules: { 'import/no-cycle': 'off' } },
});

async function findings(code: string, file: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: file });
  return (result?.messages ?? []).map((m) => `${m.ruleId ?? 'parse'}: ${m.message}`);
}

const openDb = "import { openPglite } from '../db/database.ts';\nexport const open = openPglite;";
const runSql = "import { sql } from 'kysely';\nexport const ping = sql`SELECT 1`;";
// A handle typed as kysely's, as services hold it.
const handle =
  "import type { Kysely } from 'kysely';\ntype Db = Kysely<Record<string, { id: string }>>;\n";
const restricted = /^@typescript-eslint\/no-restricted-imports: .* Only repositories/;

describe('the database layer in the server', () => {
  it.each([
    ['a db/ value in orders/', openDb, 'apps/server/src/orders/example.ts'],
    ['kysely sql in a routes file', runSql, 'apps/server/src/orders/routes.ts'],
    [
      'a db/ value beside app.ts',
      "import { migrate } from './db/migrate.ts';\nexport const m = migrate;",
      'apps/server/src/example.ts',
    ],
  ])('refuses %s', async (_name, code, file) => {
    expect(await findings(code, file)).toEqual([expect.stringMatching(restricted)]);
  });

  it.each([
    [
      'a select on a handle in orders/',
      "export const f = (db: Db) => db.selectFrom('orders').selectAll().execute();",
      'apps/server/src/orders/example.ts',
    ],
    [
      'an insert on a transaction in an adapter',
      "export const f = (trx: Db) => trx.insertInto('bookings').values({}).execute();",
      'apps/server/src/scheduling/arrivy.ts',
    ],
    [
      'an update in a route handler',
      "export const f = (db: Db) => db.updateTable('orders').set({}).execute();",
      'apps/server/src/orders/routes.ts',
    ],
    [
      'a transaction opened in a service',
      'export const f = (db: Db) => db.transaction().execute(async () => 1);',
      'apps/server/src/orders/example.ts',
    ],
    [
      'a delete in catalogue/',
      "export const f = (db: Db) => db.deleteFrom('plans').execute();",
      'apps/server/src/catalogue/example.ts',
    ],
  ])('refuses %s', async (_name, code, file) => {
    expect(await findings(handle + code, file)).toEqual([
      expect.stringMatching(/^no-restricted-syntax: Only repositories run SQL/),
    ]);
  });

  it('refuses kysely values in catalogue/import.ts (its lock is a repository function)', async () => {
    expect(await findings(runSql, 'apps/server/src/catalogue/import.ts')).toEqual([
      expect.stringMatching(restricted),
    ]);
  });

  it('allows the database by type anywhere', async () => {
    const code = [
      "import type { Transaction } from 'kysely';",
      "import type { Database } from '../db/database.ts';",
      "import type { Schema } from '../db/schema.ts';",
      'export type Handles = [Database, Transaction<Schema>];',
    ].join('\n');
    expect(await findings(code, 'apps/server/src/orders/example.ts')).toEqual([]);
  });

  it.each([
    'apps/server/src/orders/repository.ts',
    'apps/server/src/orders/repository/example.ts',
    'apps/server/src/db/example.ts',
    'apps/server/src/test-support/example.ts',
    'apps/server/src/orders/example.test.ts',
  ])('allows values in %s', async (file) => {
    expect(await findings(openDb, file)).toEqual([]);
    expect(await findings(runSql, file)).toEqual([]);
    const query = "export const f = (db: Db) => db.selectFrom('orders').selectAll().execute();";
    expect(await findings(handle + query, file)).toEqual([]);
  });
  it('allows a unit of work opened with db/transactions.ts in a service', async () => {
    const code =
      "import { inTransaction } from '../db/transactions.ts';\nexport const t = inTransaction;";
    expect(await findings(code, 'apps/server/src/orders/example.ts')).toEqual([]);
  });

  it('refuses SQL in a file beside a repository folder', async () => {
    expect(await findings(runSql, 'apps/server/src/orders/repositories.ts')).toEqual([
      expect.stringMatching(restricted),
    ]);
  });
});

const restrictedPath = (message: RegExp) =>
  expect.stringMatching(new RegExp(`^import/no-restricted-paths: .*${message.source}`));
const infrastructure = /Infrastructure imports no feature/;
const publicFile = /A feature reaches another only through its public file/;
/** A file that imports `name` from `from` and uses it. */
const uses = (name: string, from: string) =>
  `import { ${name} } from '${from}';\nexport const used = ${name};`;

describe("the server's direction", () => {
  it.each([
    ['http/', uses('requireOperator', '../operators/index.ts'), 'apps/server/src/http/example.ts'],
    [
      'db/',
      uses('syncBuildingAddresses', '../addresses/index.ts'),
      'apps/server/src/db/example.ts',
    ],
    ['plugins/', uses('signIn', '../operators/sessions.ts'), 'apps/server/src/plugins/example.ts'],
    ['metrics/', uses('registerRoutes', '../app/routes.ts'), 'apps/server/src/metrics/example.ts'],
  ])('refuses a feature (or the composition) in %s', async (_name, code, file) => {
    expect(await findings(code, file)).toEqual([restrictedPath(infrastructure)]);
  });

  it('allows infrastructure in infrastructure', async () => {
    expect(
      await findings(uses('Refusal', './errors.ts'), 'apps/server/src/http/example.ts'),
    ).toEqual([]);
    expect(
      await findings(
        uses('visitorAnswer', '../http/errors.ts'),
        'apps/server/src/metrics/example.ts',
      ),
    ).toEqual([]);
  });

  it.each([
    ['a guard file', uses('requireOperator', '../operators/guard.ts')],
    ['a repository', uses('findCoupon', '../offers/repository.ts')],
    ['a repository folder', uses('recordAudit', '../operators/repository/operators.ts')],
    ['the composition', uses('registerRoutes', '../app/routes.ts')],
  ])("refuses another feature's %s", async (_name, code) => {
    expect(await findings(code, 'apps/server/src/leads/example.ts')).toEqual([
      restrictedPath(publicFile),
    ]);
  });

  it("allows another feature's index.ts, its own files, infrastructure and the context", async () => {
    const code = [
      "import { recordAudit } from '../operators/index.ts';",
      "import { recordLead } from './repository.ts';",
      "import { defineRoute } from '../http/define.ts';",
      "import type { AppContext } from '../context.ts';",
      'export const used = [recordAudit, recordLead, defineRoute];',
      'export type C = AppContext;',
    ].join('\n');
    expect(await findings(code, 'apps/server/src/leads/example.ts')).toEqual([]);
  });

  it('allows a test to reach inside another feature', async () => {
    const code = uses('requireOperator', '../operators/guard.ts');
    expect(await findings(code, 'apps/server/src/leads/example.test.ts')).toEqual([]);
  });

  it('allows the composition any feature', async () => {
    const code = uses('adminLeadRoutes', '../leads/admin-routes.ts');
    expect(await findings(code, 'apps/server/src/app/example.ts')).toEqual([]);
  });
});

describe("bench and the browser tests use the server's testing entry", () => {
  it.each([
    [
      'bench/src/example.ts',
      "import { buildApp } from '../../apps/server/src/app.ts';\nexport const b = buildApp;",
    ],
    [
      'e2e/tests/example.spec.ts',
      "import { startRollbar } from '../../apps/server/src/test-support/stand-ins/rollbar.ts';\nexport const s = startRollbar;",
    ],
    [
      'e2e/support/example.ts',
      "import type { StandIn } from '../../apps/server/src/test-support/stand-ins/recorder.ts';\nexport type S = StandIn;",
    ],
  ])('refuses src/ in %s', async (file, code) => {
    expect(await findings(code, file)).toEqual([
      expect.stringMatching(/no-restricted-imports: .*'@fibre\/server\/testing'/),
    ]);
  });

  it('allows @fibre/server/testing', async () => {
    const code = "import { buildApp } from '@fibre/server/testing';\nexport const b = buildApp;";
    expect(await findings(code, 'bench/src/example.ts')).toEqual([]);
    expect(await findings(code, 'e2e/tests/example.spec.ts')).toEqual([]);
  });
});

describe('only route handlers and the error handler answer in HTTP (docs/rules/api.md)', () => {
  const httpError =
    "import { HttpError } from '../errors.ts';\nexport const e = new HttpError(503, 'busy', 'Busy');";
  const helper =
    "import { conflict } from '../errors.ts';\nexport const e = conflict('taken', 'Taken');";
  const namespace = "import * as errors from '../errors.ts';\nexport const e = errors.HttpError;";
  const answer =
    "import { answerRefusal } from '../../errors.ts';\nexport const f = (p: Promise<void>) => p.catch(answerRefusal);";
  const refusing = /^no-restricted-imports: .*Only route handlers and the error handler/;

  it.each([
    ['HttpError in a service', httpError, 'apps/server/src/orders/example.ts'],
    ['a conflict() answer in a repository', helper, 'apps/server/src/repositories/example.ts'],
    [
      'HttpError through a namespace in an adapter',
      namespace,
      'apps/server/src/adapters/example.ts',
    ],
    ['HttpError in a plugin', httpError, 'apps/server/src/plugins/example.ts'],
    ['answerRefusal in a feature folder', answer, 'apps/server/src/orders/admin/example.ts'],
    [
      "HttpError in a feature folder's repository",
      httpError,
      'apps/server/src/orders/repository.ts',
    ],
  ])('refuses %s', async (_name, code, file) => {
    expect(await findings(code, file)).toEqual([expect.stringMatching(refusing)]);
  });

  it.each([
    'apps/server/src/routes/example.ts',
    'apps/server/src/routes/admin/example.ts',
    'apps/server/src/orders/routes.ts',
    'apps/server/src/orders/admin-routes.ts',
    'apps/server/src/orders/install-routes.ts',
    'apps/server/src/error-handler.ts',
    'apps/server/src/http/error-handler.ts',
    'apps/server/src/orders/example.test.ts',
    'apps/server/src/test-support/example.ts',
  ])('allows HttpError and its helpers in %s', async (file) => {
    expect(await findings(httpError, file)).toEqual([]);
    expect(await findings(helper, file)).toEqual([]);
  });

  it('allows a Refusal anywhere', async () => {
    const code =
      "import { Refusal } from '../errors.ts';\nexport const e = new Refusal('unavailable', 'busy', 'Busy');";
    expect(await findings(code, 'apps/server/src/adapters/example.ts')).toEqual([]);
    expect(await findings(code, 'apps/server/src/repositories/example.ts')).toEqual([]);
  });
});

describe("the project's own rules (eslint.config.js)", () => {
  it('refuses a value from the root module of date-fns, and takes one by function or a type', async () => {
    const root = "import { addDays } from 'date-fns';\nexport const f = addDays;";
    expect(await findings(root, 'apps/server/src/orders/example.ts')).toEqual([
      expect.stringMatching(/^fibre\/date-fns-by-function: .*'date-fns\/addDays'/),
    ]);
    const byFunction = "import { addDays } from 'date-fns/addDays';\nexport const f = addDays;";
    expect(await findings(byFunction, 'apps/server/src/orders/example.ts')).toEqual([]);
    const type = "import type { Day } from 'date-fns';\nexport type D = Day;";
    expect(await findings(type, 'apps/web/src/admin/example.ts')).toEqual([]);
  });

  const usesVitest = "import { vi } from 'vitest';\nexport const spy = vi.fn();";
  it.each([
    'apps/web/src/admin/stand-in.ts',
    'apps/server/src/orders/example.ts',
    'packages/domain/src/pricing/example.ts',
  ])('refuses vitest in %s, a file the product runs', async (file) => {
    expect(await findings(usesVitest, file)).toEqual([
      expect.stringMatching(/^fibre\/vitest-in-tests-only: /),
    ]);
  });

  it.each([
    'apps/web/src/admin/console.test.tsx',
    'apps/web/src/test-support/console-fetch.ts',
    'apps/server/src/test-support/example.ts',
  ])('takes vitest in %s', async (file) => {
    expect(await findings(usesVitest, file)).toEqual([]);
  });
});
