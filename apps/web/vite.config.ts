import { fileURLToPath } from 'node:url';
import { build, defineConfig, type Plugin, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { stepSizes } from './build/step-sizes.ts';

// The API server (apps/server) listens on 3000; in development the wizard calls it through this
// proxy so every call stays a same-origin relative URL, as in production.
const api = 'http://localhost:3000';

const resolve: UserConfig['resolve'] = {
  alias: {
    // The answers' schemas (zod/mini, packages/domain/src/api) run on a copy of zod of their own
    // (the same version, under another name): zod/mini and zod share one core module, which a
    // bundle holds once, as large as every step's schemas need it; on its own copy, the first
    // screen carries only the few parts mini uses (docs/decisions/013-one-schema-per-message.md).
    'zod/mini': 'zod-first-screen/mini',
  },
};

/**
 * The pages beside the wizard, each built after it by a build of its own into the same dist/, so
 * each has its own entry and chunks and shares none with the wizard: one shared build would split
 * the modules they share (React, the styles) into chunks of their own and change the wizard's
 * files. dist/index.html never refers to their chunks, nor they to each other's.
 * - admin.html: the operator console, served at /admin (docs/rules/operator-console.md);
 * - order.html: the customer's order page, served at /order/<token> (docs/rules/order-page.md);
 * - resume.html: the link to finish a sign-up later, served at /resume/<token>
 *   (docs/rules/mail.md#finish-later).
 */
const separatePages = ['admin', 'order', 'resume'] as const;

function separatePageBuilds(): Plugin {
  return {
    name: 'fibre:separate-page-builds',
    apply: 'build',
    async closeBundle() {
      for (const page of separatePages) {
        await build({
          configFile: false,
          root: fileURLToPath(new URL('.', import.meta.url)),
          plugins: [react()],
          resolve,
          logLevel: 'warn',
          build: {
            target: 'es2022',
            sourcemap: true,
            emptyOutDir: false,
            rolldownOptions: {
              input: { [page]: fileURLToPath(new URL(`${page}.html`, import.meta.url)) },
              treeshake: {
                moduleSideEffects: (id: string) => !id.includes('/packages/domain/src/'),
              },
            },
          },
        });
      }
    },
  };
}

/** In development, the console's and the order page's paths open their pages, as the server does. */
function separateDevPages(): Plugin {
  return {
    name: 'fibre:separate-dev-pages',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        const path = request.url?.split('?')[0] ?? '';
        if (
          /^\/admin(\/|$)/.test(path) &&
          !/^\/admin\/api(\/|$)/.test(path) &&
          !/\.\w+$/.test(path)
        )
          request.url = '/admin.html';
        else if (/^\/order\/[^/]+$/.test(path)) request.url = '/order.html';
        else if (/^\/resume\/[^/]+$/.test(path)) request.url = '/resume.html';
        next();
      });
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    stepSizes({ firstStep: 'check-address' }),
    separatePageBuilds(),
    separateDevPages(),
  ],
  resolve,
  server: {
    proxy: { '/api': api, '/portal': api, '/admin/api': api },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    // No modulepreload polyfill in the first screen: every browser the wizard supports but Safari
    // before 17 knows the hint, and there the hint only goes unused (the chunks still load).
    modulePreload: { polyfill: false },
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
