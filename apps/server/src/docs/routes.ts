import type { FastifyInstance } from 'fastify';
import { apiDocumentAnswer } from '@fibre/domain/api';
import type { AppContext } from '../context.ts';
import { openApiDocument, type OpenApiDocument } from './openapi.ts';
import { defineRoute, registerDefined, routesOf } from '../http/define.ts';
import { documentPage, wantsHtml } from './page.ts';
import { productVersion } from '../version.ts';

/**
 * GET /api/docs (docs/rules/api.md): the OpenAPI 3.1 document generated from every route defined on
 * the app, itself included; a browser (Accept: text/html) gets it as a page. Generated on the
 * first request, when every route is defined; the provider's name follows the catalogue.
 */
export function docsRoutes(app: FastifyInstance, ctx: AppContext): void {
  let cached: { title: string; document: OpenApiDocument; page: string } | undefined;
  const current = () => {
    const title = `${ctx.catalogue.current().provider.name} provider API`;
    if (cached?.title !== title) {
      const document = openApiDocument(routesOf(app), {
        title,
        version: productVersion,
        description:
          'The API the sign-up wizard calls, same-origin. Every error answers `{error, message}`; bad input adds `fields`.',
      });
      cached = { title, document, page: documentPage(document) };
    }
    return cached;
  };
  registerDefined(app, [
    defineRoute({
      method: 'GET',
      url: '/api/docs',
      operationId: 'getApiDocument',
      summary: 'This OpenAPI 3.1 document; a browser asking for HTML gets it as a page',
      tags: ['health'],
      security: 'public',
      responses: {
        200: { description: 'The OpenAPI document', schema: apiDocumentAnswer, html: true },
      },
      handler: async (request, reply) => {
        const { document, page } = current();
        if (wantsHtml(request.headers.accept)) {
          return reply.type('text/html; charset=utf-8').send(page as never);
        }
        return document;
      },
    }),
  ]);
}
