import * as z from 'zod/mini';

/*
 * The answers' shapes (docs/rules/api.md), written with zod/mini: the wizard parses every answer
 * with them, and mini's functions are tree-shaken, so the address step carries only the few it
 * uses (docs/decisions/013-one-schema-per-message.md).
 */

/**
 * Every error answer: `{error, message}`, bad input adds `fields` (each field's dotted path to its
 * first message). Some errors add a fact of their own (a campaign's `status`), so more keys may
 * follow.
 */
export const errorAnswer = z.looseObject({
  error: z.string(),
  message: z.string(),
  fields: z.optional(z.record(z.string(), z.string())),
});
export type ErrorAnswer = z.infer<typeof errorAnswer>;

/** GET /healthz: alive, and the product's version (semver). */
export const aliveAnswer = z.object({ status: z.literal('ok'), version: z.string() });
/** GET /readyz */
export const readyAnswer = z.object({ status: z.literal('ready') });

/** GET /api/docs, as JSON: an OpenAPI 3.1 document. */
export const apiDocumentAnswer = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
});
