import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { stepSizes } from './build/step-sizes.ts';

// The API server (apps/server) listens on 3000; in development the wizard calls it through this
// proxy so every call stays a same-origin relative URL, as in production.
const api = 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), stepSizes({ firstStep: 'check-address' })],
  resolve: {
    alias: {
      // The answers' schemas (zod/mini, packages/domain/src/api) run on a copy of zod of their own
      // (the same version, under another name): zod/mini and zod share one core module, which a
      // bundle holds once, as large as every step's schemas need it; on its own copy, the first
      // screen carries only the few parts mini uses (docs/decisions/013-one-schema-per-message.md).
      'zod/mini': 'zod-first-screen/mini',
    },
  },
  server: {
    proxy: { '/api': api, '/portal': api },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    rolldownOptions: {
      treeshake: {
        // packages/domain is pure (docs/decisions/001-stack.md: no I/O, lint-enforced), but its
        // package.json does not say `"sideEffects": false` yet. Saying it here lets the bundler
        // drop the modules a chunk does not use, such as the zod schemas, which would otherwise
        // ride in the first screen.
        moduleSideEffects: (id: string) => !id.includes('/packages/domain/src/'),
      },
    },
  },
});
