import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Route test files each start their own databases; two at a time suit a two-core machine.
    maxWorkers: 2,
    projects: [
      // Date rules must not depend on the process's own zone: every domain test runs in UTC, and
      // the date, slot and payload tests run again in a zone with its own, different DST changes.
      {
        test: {
          name: 'domain',
          root: 'packages/domain',
          include: ['src/**/*.test.ts'],
          env: { TZ: 'UTC' },
          // The property tests run hundreds of cases: past vitest's five seconds under heavy load.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'domain-los-angeles',
          root: 'packages/domain',
          include: [
            'src/scheduling/dates.test.ts',
            'src/scheduling/slots.test.ts',
            'src/install/install-payload.test.ts',
          ],
          env: { TZ: 'America/Los_Angeles' },
          testTimeout: 20_000,
        },
      },
      'apps/*/vitest.config.ts',
      // The bench's own machinery (size parsing, generated addresses); its figures are not tests.
      'bench/vitest.config.ts',
    ],
    // The domain's coverage is measured by every project's tests but the server's (`npm run
    // test:unit` runs the server project in a second run, without coverage): the server suite
    // under V8's coverage took a third longer, for lines the domain tests already cover.
    coverage: {
      provider: 'v8',
      include: ['packages/domain/src/**/*.ts'],
      exclude: ['**/*.test.ts', '**/index.ts'],
      reporter: ['text-summary', 'text'],
      thresholds: { lines: 95 },
    },
  },
});
