// One lint configuration for the whole workspace.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Modules that do I/O; packages/domain must stay pure (docs/decisions/001-stack.md: no I/O, no clock, no randomness).
const ioModules = [
  'fs',
  'fs/*',
  'node:*',
  'http',
  'https',
  'net',
  'child_process',
  'path',
  'os',
  'crypto',
  'fastify',
  'fastify/*',
  '@fastify/*',
  'pg',
  'pg/*',
  '@electric-sql/*',
  'kysely',
  'kysely/*',
  'drizzle-orm',
  'drizzle-orm/*',
  'react',
  'react/*',
  'react-dom',
  'react-dom/*',
  'axios',
  'undici',
];

// The wizard's shape: each step folder stands alone; app/ is the shell every step uses, and only its
// lazy step map (app/shell/steps.ts, one chunk per step) knows the steps; adapters serve any step.
const stepFolders = readdirSync(new URL('apps/web/src/steps', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const wizardZones = [
  ...stepFolders.map((step) => ({
    target: `./apps/web/src/steps/${step}`,
    from: './apps/web/src/steps',
    except: [`./${step}`],
    message: 'A step never imports another step: share code through app/ or packages/domain.',
  })),
  {
    target: './apps/web/src/adapters',
    from: './apps/web/src/steps',
    message: 'An adapter never imports a step.',
  },
];

// The kysely calls that start a query or a transaction.
const kyselyBuilders = [
  'selectFrom',
  'selectNoFrom',
  'insertInto',
  'replaceInto',
  'updateTable',
  'deleteFrom',
  'mergeInto',
  'transaction',
  'connection',
  'executeQuery',
];

const shellZone = {
  target: './apps/web/src/app',
  from: './apps/web/src/steps',
  message: 'app/ never imports a step: only app/shell/steps.ts knows them.',
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/coverage/**', 'data/**', '**/.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    plugins: { import: importPlugin },
    settings: {
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
      'import/extensions': ['.ts', '.tsx', '.js'],
      // Third-party code is not ours to check for cycles, and parsing it is slow.
      'import/ignore': ['node_modules'],
    },
    rules: {
      'import/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // The wizard runs in the browser.
    files: ['apps/web/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'import/no-restricted-paths': [
        'error',
        { basePath: import.meta.dirname, zones: wizardZones },
      ],
    },
  },
  {
    // A lazily loaded part is asked for twice before it says it did not load.
    files: ['apps/web/src/**'],
    ignores: ['apps/web/src/app/shell/lazy-with-retry.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react',
              importNames: ['lazy'],
              message: 'Use lazyWithRetry (apps/web/src/app/shell/lazy-with-retry.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    // The step map is the one file of app/ that imports the steps (lazily, one chunk each).
    files: ['apps/web/src/app/**'],
    ignores: ['apps/web/src/app/shell/steps.ts'],
    rules: {
      'import/no-restricted-paths': [
        'error',
        { basePath: import.meta.dirname, zones: [shellZone] },
      ],
    },
  },
  {
    // Only repositories query the database (README, Layout: `repositories/` is the only SQL). The
    // rest of the server may carry the handle through by type (Database, Schema, a Transaction) but
    // runs no SQL of its own. Besides db/ and repositories/: the entry points that open and
    // migrate it (server.ts and the CLIs: catalogue/, operators/, addresses/), test-support, the
    // testing entry (testing.ts) and tests.
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/db/**',
      'apps/server/src/repositories/**',
      'apps/server/src/test-support/**',
      'apps/server/src/**/*.test.ts',
      'apps/server/src/server.ts',
      'apps/server/src/catalogue/cli.ts',
      'apps/server/src/operators/cli.ts',
      'apps/server/src/addresses/cli.ts',
      'apps/server/src/testing.ts',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'kysely',
              allowTypeImports: true,
              message: 'Only repositories run SQL: add a function to apps/server/src/repositories.',
            },
          ],
          patterns: [
            {
              regex: '(^|/)db/',
              allowTypeImports: true,
              message: 'Only repositories use the database layer: import its types only here.',
            },
          ],
        },
      ],
    },
  },
  {
    // ...nor builds a query or a transaction on a handle it was given (`db.selectFrom(...)`,
    // `trx.insertInto(...)`, `db.transaction()`): a repository function does, taking the
    // transaction when it is part of a unit of work (repositories/transactions.ts).
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/db/**',
      'apps/server/src/repositories/**',
      'apps/server/src/test-support/**',
      'apps/server/src/**/*.test.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: `CallExpression[callee.type='MemberExpression'][callee.property.name=/^(${kyselyBuilders.join('|')})$/]`,
          message:
            'Only repositories run SQL: add a function to apps/server/src/repositories (it may take the transaction).',
        },
      ],
    },
  },
  {
    // One error vocabulary (docs/rules/api.md): services, repositories, adapters, plugins and
    // guards throw or return a Refusal (errors.ts); only route handlers and the error handler
    // answer in HTTP (HttpError and its helpers). The route files are matched by name, so the rule
    // holds in routes/ and in a feature folder's routes.ts, admin-routes.ts or other *-routes.ts.
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/routes/**',
      'apps/server/src/**/routes.ts',
      'apps/server/src/**/*-routes.ts',
      'apps/server/src/**/error-handler.ts',
      'apps/server/src/**/errors.ts',
      'apps/server/src/**/*.test.ts',
      'apps/server/src/**/test-support/**',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)errors(\\.ts)?$',
              importNames: ['HttpError', 'notFound', 'conflict', 'refusalAnswer', 'answerRefusal'],
              message:
                'Only route handlers and the error handler answer in HTTP: throw or return a Refusal (errors.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    // bench and the browser tests use the server through its testing entry
    // (`@fibre/server/testing`, apps/server/src/testing.ts), never its src/ files.
    files: ['bench/**/*.ts', 'e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)apps/server/src(/|$)',
              message: "Import the server's testing entry, '@fibre/server/testing', not its src/.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/domain/src/**/*.ts'],
    ignores: ['packages/domain/src/**/*.test.ts', 'packages/domain/src/test-support/**'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: ioModules.map((group) => ({
            group: [group],
            message: 'packages/domain does no I/O.',
          })),
        },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'packages/domain does no I/O.' },
        { name: 'XMLHttpRequest', message: 'packages/domain does no I/O.' },
        {
          name: 'process',
          message: 'packages/domain reads no environment: pass configuration in.',
        },
        { name: 'window', message: 'packages/domain does not touch the browser.' },
        { name: 'document', message: 'packages/domain does not touch the browser.' },
        { name: 'localStorage', message: 'packages/domain does not touch the browser.' },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
          message: 'Pass the clock in: no Date.now() in packages/domain.',
        },
        {
          selector: "CallExpression[callee.object.name='Math'][callee.property.name='random']",
          message: 'Pass ids in: no Math.random() in packages/domain.',
        },
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: 'Pass the clock in: no new Date() without arguments in packages/domain.',
        },
      ],
    },
  },
);
