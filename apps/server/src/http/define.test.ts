import Fastify, { type FastifyInstance } from 'fastify';
import { errorAnswer } from '@fibre/domain/api';
import { z } from 'zod';
import * as mini from 'zod/mini';
import { afterEach, describe, expect, it } from 'vitest';
import { errorHandlers } from './error-handler.ts';
import { takeAnswerViolations } from '../test-support/app.ts';
import { parse } from './validate.ts';
import { defineRoute, registerDefined } from './define.ts';

/*
 * The route definition (docs/decisions/013-one-schema-per-message.md): it checks the input as
 * parse() does, and, in tests, refuses an answer its definition does not document.
 */
const body = z.object({ name: z.string().min(1, 'name is required'), age: z.number().int() });
const answer = mini.object({ id: mini.string() });

let app: FastifyInstance;
afterEach(() => app.close());

async function appWith(send: () => unknown, status = 201): Promise<FastifyInstance> {
  app = Fastify();
  errorHandlers(app, { report: () => {}, flush: async () => {} });
  registerDefined(app, [
    defineRoute({
      method: 'POST',
      url: '/things',
      operationId: 'createThing',
      summary: 'A thing',
      tags: ['leads'],
      security: 'public',
      body,
      responses: {
        201: { description: 'The thing', schema: answer },
        404: { description: 'None', schema: errorAnswer },
      },
      handler: async (_request, reply) => reply.status(status as 201).send(send() as never),
    }),
  ]);
  await app.ready();
  return app;
}

const post = (payload: unknown) =>
  app.inject({ method: 'POST', url: '/things', payload: payload as object });

describe('a defined route', () => {
  it('answers bad input with the 400 parse() gives', async () => {
    await appWith(() => ({ id: 'a' }));
    const input = { name: '', age: 1.5 };
    const res = await post(input);
    expect(res.statusCode).toBe(400);
    let expected: unknown;
    try {
      parse(body, input);
    } catch (error) {
      const e = error as { code: string; message: string; fields: unknown };
      expected = { error: e.code, message: e.message, fields: e.fields };
    }
    expect(res.json()).toEqual(expected);
    expect(takeAnswerViolations(app)).toEqual([]);
  });

  it('lets a documented answer through', async () => {
    await appWith(() => ({ id: 'a' }));
    const res = await post({ name: 'x', age: 3 });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: 'a' });
    expect(takeAnswerViolations(app)).toEqual([]);
  });

  it('catches an answer whose body its schema refuses', async () => {
    await appWith(() => ({ id: 42 }));
    const res = await post({ name: 'x', age: 3 });
    expect(res.statusCode).toBe(500);
    expect(res.json().error).toBe('undocumented_answer');
    expect(takeAnswerViolations(app)).toEqual([
      expect.objectContaining({
        route: 'POST /things',
        status: 201,
        problem: expect.stringMatching(/^id: /),
      }),
    ]);
  });

  it('catches a status its definition does not document', async () => {
    await appWith(() => ({ error: 'teapot', message: 'I am a teapot' }), 418);
    const res = await post({ name: 'x', age: 3 });
    expect(res.statusCode).toBe(500);
    expect(takeAnswerViolations(app)).toEqual([
      expect.objectContaining({ status: 418, problem: 'status 418 is not documented' }),
    ]);
  });
});
