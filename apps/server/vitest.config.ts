import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    // One migrated, seeded PGlite data directory per start-up kind, shared by the run's test apps.
    globalSetup: ['src/test-support/snapshots.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
