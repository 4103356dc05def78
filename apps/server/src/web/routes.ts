import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { notFound } from '../http/errors.ts';
import { webDist } from '../http/paths.ts';
import { withScriptNonce } from '../http/security.ts';
import { gtmSnippet } from './gtm-snippet.ts';

declare module 'fastify' {
  interface FastifyReply {
    /** Sends the wizard's page (set only when a build exists). */
    sendWizardPage?: () => FastifyReply;
  }
}

/** The console's pages: /admin and any /admin/... but its API (docs/rules/operator-console.md). */
export function isConsolePagePath(path: string): boolean {
  return /^\/admin(\/|$)/.test(path) && !/^\/admin\/api(\/|$)/.test(path) && !/\.\w+$/.test(path);
}

export interface WebOptions {
  /** Where the build is; defaults to apps/web/dist. */
  dist?: string | undefined;
  /** The tag-manager container to load on the page (GTM_ID), if any. */
  gtmId?: string | undefined;
}

/**
 * Serves the built wizard: hashed assets cached for a year, index.html never cached, and every
 * other GET that wants a page answered with index.html (the wizard has one page; the step lives in
 * its state). Without a build, the API still runs and `/` says how to build.
 *
 * With the tag manager on, each page answer gets a fresh nonce, in Google's nonce-aware container
 * snippet and in that answer's script-src (Tag Manager's CSP guide), so no 'unsafe-inline' is
 * needed; the container passes the nonce on to its custom tags.
 */
export async function webRoutes(app: FastifyInstance, options: WebOptions = {}): Promise<void> {
  let dist = options.dist ?? webDist;
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
        path.includes('/assets/')
          ? 'public, max-age=31536000, immutable'
          : path.endsWith('/order.html') || path.endsWith('/resume.html')
            ? 'no-store'
            : 'no-cache',
      );
    },
  });

  const { gtmId } = options;
  // The build does not change under a running server: the page is read once.
  const page = gtmId ? readFileSync(index, 'utf8') : undefined;
  app.decorateReply('sendWizardPage', function (this: FastifyReply) {
    this.header('cache-control', 'no-cache');
    if (!gtmId || page === undefined) return this.sendFile('index.html');
    const nonce = randomBytes(16).toString('base64');
    const csp = this.getHeader('content-security-policy');
    if (typeof csp === 'string')
      this.header('content-security-policy', withScriptNonce(csp, nonce));
    return this.type('text/html; charset=utf-8').send(
      page.replace(/<head>/i, (head) => `${head}\n    ${gtmSnippet(gtmId, nonce)}`),
    );
  });
  app.get('/', async (_request, reply) => reply.sendWizardPage!());

  // The operator console (docs/rules/operator-console.md): its own page, admin.html, for /admin and
  // every page path under it, so a reload of a deep link (/admin/orders/…) opens the console. It
  // carries the same security headers as every answer, never the tag manager, and is never
  // cached. An /admin/api/... path no route matched stays a JSON 404, as does a file-like path.
  if (existsSync(`${dist}admin.html`)) {
    const sendConsolePage = async (request: FastifyRequest, reply: FastifyReply) => {
      const path = request.url.split('?')[0] ?? '/';
      if (!isConsolePagePath(path)) throw notFound('No such route');
      return reply.header('cache-control', 'no-cache').sendFile('admin.html');
    };
    app.get('/admin', sendConsolePage);
    app.get('/admin/*', sendConsolePage);
  } else {
    app.get('/admin', async (_request, reply) =>
      reply
        .status(503)
        .type('text/plain')
        .send('The console is not built yet: run `npm run build -w apps/web`.'),
    );
  }

  // The customer's order page (docs/rules/order-page.md): its own page, order.html, for
  // /order/<token>. The token is a secret: the page is never cached, sends no referrer, is not
  // indexed, and carries no tag manager. Whether the token opens an order is the page's API call to
  // answer; any path of this shape gets the page.
  if (existsSync(`${dist}order.html`)) {
    app.get('/order/:token', async (_request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .header('x-robots-tag', 'noindex, nofollow')
        .sendFile('order.html'),
    );
  }

  // The link to finish a sign-up later (docs/rules/mail.md#finish-later): its own page,
  // resume.html, for /resume/<token>; the token is a secret, as the order page's is.
  if (existsSync(`${dist}resume.html`)) {
    app.get('/resume/:token', async (_request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .header('x-robots-tag', 'noindex, nofollow')
        .sendFile('resume.html'),
    );
  }
}
