import type { FastifyReply } from 'fastify';
import {
  errorAnswer,
  firstManagerAnswer,
  firstManagerSchema,
  setupStatusAnswer,
} from '@fibre/domain/api';
import type { AppContext } from '../context.ts';
import { HttpError } from '../http/errors.ts';
import { defineRoute, type AnyRoute } from '../http/define.ts';

/*
 * The first manager from the console (docs/rules/operators.md#the-first-manager): whether setup is
 * open, and making the account with the one-time code the server printed at start. Both are open
 * routes (no session exists yet); the POST is limited per client address (plugins/rate-limits.ts)
 * and every attempt with a wrong code is audited.
 */

const closed = () =>
  new HttpError(
    409,
    'setup_closed',
    'A manager account already exists, or this server offers no setup code: sign in, or ask a manager for an account',
  );

const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

export function adminSetupRoutes(ctx: AppContext): AnyRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/admin/api/setup',
      operationId: 'setupStatus',
      summary: 'Whether the first manager can be made with the setup code',
      description:
        'open is true while no account has the manager role and this server printed a setup code at start (docs/rules/operators.md).',
      tags: ['admin'],
      security: 'public',
      responses: { 200: { description: 'Whether setup is open', schema: setupStatusAnswer } },
      handler: async (_request, reply) => {
        noStore(reply);
        return { open: await ctx.firstManager.isOpen() };
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/admin/api/setup',
      operationId: 'createFirstManager',
      summary: 'Makes the first manager, with the one-time setup code the server printed',
      description:
        'Only while no account has the manager role, and only with the code this server printed at start; the account then signs in as any operator does. Limited per client address; every wrong code is audited (docs/rules/operators.md).',
      tags: ['admin'],
      security: 'public',
      body: firstManagerSchema,
      responses: {
        201: { description: 'The manager account was made', schema: firstManagerAnswer },
        403: { description: 'wrong_setup_code: the setup code is not right', schema: errorAnswer },
        409: {
          description:
            'setup_closed: a manager exists or no code is on offer; email_taken: the email has an account',
          schema: errorAnswer,
        },
      },
      handler: async (request, reply) => {
        noStore(reply);
        const { email, password, code } = request.body;
        const result = await ctx.firstManager.create({ email, password, code, now: ctx.now() });
        if (result.ok) {
          return reply.status(201).send({ operator: { email: result.email, role: 'manager' } });
        }
        if (result.reason === 'wrong_code') {
          throw new HttpError(403, 'wrong_setup_code', 'The setup code is not right');
        }
        if (result.reason === 'email_taken') {
          throw new HttpError(
            409,
            'email_taken',
            'This email already has an account: choose another for the manager',
          );
        }
        throw closed();
      },
    }),
  ];
}
