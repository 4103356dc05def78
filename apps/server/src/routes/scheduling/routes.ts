import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { RouteDoc } from '../../openapi.ts';

export const schedulingDocs: RouteDoc[] = [];

export function schedulingRoutes(_app: FastifyInstance, _ctx: AppContext): void {}
