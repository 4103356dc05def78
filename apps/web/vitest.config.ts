import { defineProject } from 'vitest/config';

// Web-only logic (the store's reducer, persistence, brand colours) in Node; a few components in
// jsdom (their files say `@vitest-environment jsdom`): that they lay out the catalogue's rules. The
// rules themselves are tested in packages/domain; the journeys in the browser by e2e/.
export default defineProject({
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'node',
    // A jsdom test that types and clicks through a step takes a second on a quiet two-core machine
    // and has taken over five when other work loads it; the limit stops a hung test, not a slow one.
    testTimeout: 20_000,
  },
});
