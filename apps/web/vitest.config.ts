import { defineProject } from 'vitest/config';

// Web-only logic (the store's reducer, persistence, brand colours). The rules themselves are
// tested in packages/domain; the screens are tested in the browser by e2e/.
export default defineProject({
  test: {
    name: 'web',
    include: ['src/**/*.test.ts'],
    environment: 'node',
  },
});
