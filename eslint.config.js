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

// The domain's subjects (packages/domain/src/<subject>/, each a package export), each importing
// only the subjects it is listed with, so that no two import each other: shared is under all,
// the wizard's step table under the API's schemas (their saved steps and funnel steps are its),
// the API's schemas under the other rules, pricing over the catalogue and offers, install over most.
const domainSubjectImports = {
  shared: [],
  api: ['shared', 'wizard'],
  address: ['shared', 'api'],
  contact: ['shared', 'api'],
  catalogue: ['shared', 'api'],
  offers: ['shared', 'api'],
  scheduling: ['shared', 'api'],
  wizard: ['shared'],
  pricing: ['shared', 'api', 'catalogue', 'offers'],
  consent: ['shared', 'api', 'catalogue'],
  install: ['shared', 'api', 'address', 'contact', 'catalogue', 'offers', 'pricing', 'scheduling'],
};
const domainZones = Object.entries(domainSubjectImports).map(([subject, uses]) => ({
  target: `./packages/domain/src/${subject}`,
  from: './packages/domain/src',
  except: [subject, ...uses].map((name) => `./${name}`),
  message: `The domain's ${subject}/ imports only ${['its own files', ...uses.map((u) => `${u}/`)].join(', ')} (eslint.config.js, domainSubjectImports).`,
}));

// The web app's shape, one way: shared/ <- wizard/, admin/, order-page/, resume/ (apps/web/README.md).
// shared/ is what two or more of the pages use and imports none of them. In the wizard (wizard/):
// its own folders (store/, hold/, offers/, ...) <- steps/ <- shell/; each step folder stands alone
// and only the shell's lazy step map (wizard/shell/steps.ts and later-steps.ts, one chunk per step) imports the
// steps. The console (admin/) and the order page (order-page/), builds of their own, import
// nothing of the wizard; the finish-later link's page (resume/) reads the wizard's saved state.
const web = './apps/web/src';
const wizard = `${web}/wizard`;
const folders = (path) =>
  readdirSync(new URL(path, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const stepFolders = folders('apps/web/src/wizard/steps');
const wizardOwnFolders = folders('apps/web/src/wizard').filter(
  (name) => !['steps', 'shell'].includes(name),
);

const webZones = [
  {
    target: `${web}/shared`,
    from: [wizard, `${web}/admin`, `${web}/order-page`, `${web}/resume`],
    message:
      'shared/ imports none of wizard/, admin/, order-page/ and resume/: they import it (apps/web/README.md).',
  },
  ...stepFolders.map((step) => ({
    target: `${wizard}/steps/${step}`,
    from: `${wizard}/steps`,
    except: [`./${step}`],
    message:
      "A step never imports another step: share code through the wizard's folders, shared/ or packages/domain.",
  })),
  {
    target: `${wizard}/steps`,
    from: [`${web}/admin`, `${web}/order-page`, `${wizard}/shell`],
    message:
      "A step never imports the console, the order page or the shell: only the wizard's folders and shared/.",
  },
  {
    target: wizardOwnFolders.map((folder) => `${wizard}/${folder}`),
    from: [`${wizard}/steps`, `${wizard}/shell`],
    message:
      "The wizard's own folders (store/, hold/, ...) import no step and not the shell: they import them.",
  },
  {
    target: [`${web}/admin`, `${web}/order-page`],
    from: wizard,
    message:
      'The console and the order page import nothing of the wizard (wizard/): move what they share to shared/.',
  },
  {
    target: `${web}/resume`,
    from: wizard,
    except: ['./store'],
    message:
      "The finish-later link's page reads the wizard's saved state (wizard/store/) and nothing else of the wizard.",
  },
  {
    target: `${web}/admin`,
    from: `${web}/order-page`,
    message: 'The console never imports the order page: move what they share to shared/.',
  },
  {
    target: `${web}/order-page`,
    from: `${web}/admin`,
    message: 'The order page never imports the console: move what they share to shared/.',
  },
  {
    // The steps are told so by their own zone above.
    target: [
      `${wizard}/main.tsx`,
      `${wizard}/shell`,
      ...wizardOwnFolders.map((f) => `${wizard}/${f}`),
    ],
    from: [`${web}/admin`, `${web}/order-page`],
    message: 'The wizard never imports the console or the order page.',
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

// The server: infrastructure (each of these folders) and features (every other folder of
// apps/server/src but the composition's app/ and test-support/).
const serverInfrastructure = ['http', 'db', 'metrics', 'outbox', 'plugins', 'tracing'];
const serverFeatures = readdirSync(new URL('apps/server/src', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .filter((name) => ![...serverInfrastructure, 'app', 'test-support'].includes(name));

const serverZones = [
  ...serverInfrastructure.map((folder) => ({
    target: `./apps/server/src/${folder}`,
    from: [...serverFeatures, 'app'].map((feature) => `./apps/server/src/${feature}`),
    message: 'Infrastructure imports no feature: pass it in from the composition (app.ts, app/).',
  })),
  ...serverFeatures.map((feature) => ({
    target: `./apps/server/src/${feature}`,
    from: './apps/server/src',
    except: [
      `./${feature}`,
      ...serverInfrastructure.map((folder) => `./${folder}`),
      ...serverFeatures.filter((other) => other !== feature).map((other) => `./${other}/index.ts`),
      // Root files: the shared context, configuration and helpers; they import no feature.
      './context.ts',
      './config.ts',
      './services.ts',
      './cli-run.ts',
      './version.ts',
    ],
    message:
      "A feature reaches another only through its public file, '<feature>/index.ts' (apps/server/README.md).",
  })),
];

// Where SQL may be written: db/, each feature's repository, test-support and tests.
const sqlPlaces = [
  'apps/server/src/db/**',
  'apps/server/src/**/repository.ts',
  'apps/server/src/**/repository/**',
  'apps/server/src/test-support/**',
  'apps/server/src/**/*.test.ts',
];

const shellZone = {
  target: `${wizard}/shell`,
  from: `${wizard}/steps`,
  message:
    'The shell imports a step only through its lazy step map, wizard/shell/steps.ts and later-steps.ts.',
};

/**
 * The project's own rules that no plugin has. `date-fns-by-function`: date-fns is imported one
 * function at a time ('date-fns/addDays'); its root module loads every function it has, some 1.6 s
 * of start-up for every server, CLI and test process (docs/decisions/030-start-up-imports.md).
 * `vitest-in-tests-only`: vitest is imported by tests and test-support/ alone, never by a file the
 * product runs (docs/decisions/031-lists-from-the-code.md).
 */
const fibre = {
  rules: {
    'date-fns-by-function': {
      meta: {
        type: 'problem',
        messages: {
          root: "Import each function from its own module ('date-fns/{{name}}'): the root module loads all of date-fns.",
        },
      },
      create(context) {
        return {
          ImportDeclaration(node) {
            if (node.source.value !== 'date-fns' || node.importKind === 'type') return;
            const values = node.specifiers.filter((s) => s.importKind !== 'type');
            if (values.length === 0) return;
            const name = values[0].imported?.name ?? 'NAME';
            context.report({ node, messageId: 'root', data: { name } });
          },
        };
      },
    },
    'vitest-in-tests-only': {
      meta: {
        type: 'problem',
        messages: {
          source:
            "Only tests and test-support/ import vitest: move this file's testing part into a test-support/ folder.",
        },
      },
      create(context) {
        return {
          ImportDeclaration(node) {
            const from = node.source.value;
            if (from === 'vitest' || from.startsWith('vitest/')) {
              context.report({ node, messageId: 'source' });
            }
          },
        };
      },
    },
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/coverage/**',
      'data/**',
      '**/.tmp/**',
      '.tools/**',
      // npm run image's Debian root file system and Node download (scripts/image.sh).
      '.image-cache/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    plugins: { import: importPlugin, fibre },
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
      'fibre/date-fns-by-function': 'error',
    },
  },
  {
    files: ['apps/*/src/**', 'packages/*/src/**'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', '**/test-support/**'],
    rules: { 'fibre/vitest-in-tests-only': 'error' },
  },
  {
    // The wizard runs in the browser.
    files: ['apps/web/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'import/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: webZones }],
    },
  },
  {
    // A lazily loaded part is asked for twice before it says it did not load.
    files: ['apps/web/src/**'],
    ignores: ['apps/web/src/shared/lazy/lazy-with-retry.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react',
              importNames: ['lazy'],
              message: 'Use lazyWithRetry (apps/web/src/shared/lazy/lazy-with-retry.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    // The step map is the one pair of files of shell/ that imports the steps (lazily, one chunk
    // each): the address step's loader in steps.ts, the later steps' in later-steps.ts.
    files: ['apps/web/src/wizard/shell/**'],
    ignores: ['apps/web/src/wizard/shell/steps.ts', 'apps/web/src/wizard/shell/later-steps.ts'],
    rules: {
      'import/no-restricted-paths': [
        'error',
        { basePath: import.meta.dirname, zones: [...webZones, shellZone] },
      ],
    },
  },
  {
    // Only repositories query the database (apps/server/README.md: a feature's `repository.ts`,
    // or its `repository/` folder, is the only SQL). The rest of the server may carry the handle
    // through by type (Database, Schema, a Transaction) but runs no SQL of its own; it may open a
    // unit of work with db/transactions.ts. Besides db/ and the repositories: the entry points that open and
    // migrate it (server.ts, app/open-database.ts, app/migrate-cli.ts and the CLIs: catalogue/,
    // operators/, addresses/),
    // test-support, the testing entry (testing.ts) and tests.
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      ...sqlPlaces,
      'apps/server/src/server.ts',
      'apps/server/src/app/open-database.ts',
      'apps/server/src/app/migrate-cli.ts',
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
              message:
                "Only repositories run SQL: add a function to the feature's repository.ts (or repository/).",
            },
          ],
          patterns: [
            {
              regex: '(^|/)db/(?!transactions\\.ts$)',
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
    // transaction when it is part of a unit of work (db/transactions.ts).
    files: ['apps/server/src/**/*.ts'],
    ignores: sqlPlaces,
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: `CallExpression[callee.type='MemberExpression'][callee.property.name=/^(${kyselyBuilders.join('|')})$/]`,
          message:
            "Only repositories run SQL: add a function to the feature's repository.ts or repository/ (it may take the transaction).",
        },
      ],
    },
  },
  {
    // The server's direction (apps/server/README.md, Layout): infrastructure folders import no
    // feature, and a feature reaches another only through that feature's public file,
    // `<feature>/index.ts`.
    // The composition (app.ts, app/, server.ts, testing.ts) may import any feature. Tests and
    // their helpers (test-support/,
    // `test-*.ts`) may reach inside.
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/**/*.test.ts',
      'apps/server/src/**/test-*.ts',
      'apps/server/src/test-support/**',
    ],
    rules: {
      'import/no-restricted-paths': [
        'error',
        { basePath: import.meta.dirname, zones: serverZones },
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
      'import/no-restricted-paths': [
        'error',
        { basePath: import.meta.dirname, zones: domainZones },
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
