import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/** The production build of the wizard (apps/web/dist), served at `/`. */
export const webDist = fileURLToPath(new URL('../../../../web/dist/', import.meta.url));

/**
 * Serves the built wizard: hashed assets cached for a year, index.html never cached, and every
 * other GET that wants a page answered with index.html (the wizard has one page; the step lives in
 * its state). Without a build, the API still runs and `/` says how to build.
 */
export async function webRoutes(app: FastifyInstance, dist = webDist): Promise<void> {
  if (!dist.endsWith('/')) dist = `${dist}/`;
  const index = `${dist}index.html`;
  if (!existsSync(index)) {
    app.get('/', async (_request, reply) =>
      reply
        .status(503)
        .type('text/plain')
        .send('The wizard is not built yet: run `npm run build -w apps/web`.'),
    );
    return;
  }
  await app.register(fastifyStatic, {
    root: dist,
    wildcard: false,
    index: false,
    setHeaders(reply, path) {
      reply.header(
        'cache-control',
        path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  app.get('/', async (_request, reply) =>
    reply.header('cache-control', 'no-cache').sendFile('index.html'),
  );
}
