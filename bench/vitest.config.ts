import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'bench',
    include: ['src/**/*.test.ts'],
    testTimeout: 60_000,
    // Opening and preparing a database (migrations, catalogue) takes seconds on a busy machine.
    hookTimeout: 120_000,
  },
});
