// One lint configuration for the whole workspace.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Modules that do I/O; packages/domain must stay pure (STYLE.md: the clock and ids are passed in).
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
    },
  },
  {
    files: ['packages/domain/src/**/*.ts'],
    ignores: ['packages/domain/src/**/*.test.ts'],
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
