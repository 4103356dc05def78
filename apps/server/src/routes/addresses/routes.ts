import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { RouteDoc } from '../../openapi.ts';

export const addressDocs: RouteDoc[] = [];

export function addressRoutes(_app: FastifyInstance, _ctx: AppContext): void {}
