import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    // One migrated, seeded PGlite data directory per start-up kind, shared by the run's test apps.
    globalSetup: ['src/test-support/snapshots.ts'],
    // A worker keeps its modules from one test file to the next: a fresh module graph per file
    // (PGlite's WebAssembly, Fastify, every route) cost some 5 s a file, a third of the suite's
    // time. So a test file never relies on module state another file may have set: it sets what
    // it needs itself (operators/passwords.test.ts chooses its scrypt parameters).
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
