import { z } from 'zod';

/** One route's description in the OpenAPI document served at /api/docs. */
export interface RouteDoc {
  method: 'get' | 'post' | 'delete';
  /** OpenAPI path, with {param} segments. */
  path: string;
  summary: string;
  tag: string;
  body?: z.ZodType;
  query?: z.ZodObject;
  responses: Record<number, string>;
}

const schema = (s: z.ZodType) => z.toJSONSchema(s, { io: 'input', unrepresentable: 'any' });

export function openApiDocument(docs: RouteDoc[], info: { title: string; version: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const doc of docs) {
    const params = [...doc.path.matchAll(/\{(\w[\w-]*)\}/g)].map((m) => ({
      name: m[1],
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }));
    const query = doc.query
      ? Object.entries(doc.query.shape).map(([name, s]) => ({
          name,
          in: 'query',
          required: !(s as z.ZodType).safeParse(undefined).success,
          schema: schema(s as z.ZodType),
        }))
      : [];
    paths[doc.path] ??= {};
    paths[doc.path]![doc.method] = {
      summary: doc.summary,
      tags: [doc.tag],
      parameters: [...params, ...query],
      ...(doc.body
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: schema(doc.body) } },
            },
          }
        : {}),
      responses: Object.fromEntries(
        Object.entries(doc.responses).map(([status, description]) => [status, { description }]),
      ),
    };
  }
  return { openapi: '3.1.0', info, paths };
}
