import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { conflict, HttpError, notFound } from '../http/errors.ts';
import { parseState } from './windows.ts';
import { parse } from '../http/validate.ts';
import { checkProvider } from '../http/provider.ts';
import { defineRoute, registerDefined, type AnyRoute } from '../http/define.ts';
import { sendPrepared } from '../http/prepared.ts';
import {
  bookingSlotsAnswer,
  bookingsParams,
  bookingsQuery,
  bookingsRange,
  bookingsRangeIssue,
  errorAnswer,
  holdSessionHeader,
  holdSessionPattern,
  reservationAnswer,
  reservationBody,
  reservationParams,
} from '@fibre/domain/api';

/**
 * The wizard's hold session (X-Hold-Session, a random id it keeps in sessionStorage): a visitor
 * holds one window at a time, and only their session releases it (docs/decisions/010-limits.md).
 * Optional: a client without one is bounded by HOLDS_PER_CLIENT alone.
 */
function holdSession(value: string | string[] | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string' && holdSessionPattern.test(value)) return value;
  const message = 'Must be 16 to 64 letters, digits, - or _';
  throw new HttpError(400, 'invalid_input', `X-Hold-Session: ${message}`, {
    'X-Hold-Session': message,
  });
}

export function schedulingRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerDefined(app, [slotsRoute(ctx), holdRoute(ctx), releaseRoute(ctx), extendRoute(ctx)]);
}

const error = (description: string) => ({ description, schema: errorAnswer });
const sessionHeader = {
  'X-Hold-Session': {
    schema: holdSessionHeader,
    description:
      "The tab's hold session: a visitor holds one window at a time, and only their session releases it",
  },
};
const unavailable = error('The scheduling service (Arrivy) cannot be reached');

/** A state's free installation slots. */
function slotsRoute(ctx: AppContext): AnyRoute {
  const scheduler = ctx.scheduler;
  return defineRoute({
    method: 'GET',
    url: '/api/v1/:provider/bookings/:state',
    loggedParams: ['provider', 'state'],
    operationId: 'listBookingSlots',
    summary:
      'Free installation slots of a state: one per free crew per window, starting in [from, to)',
    tags: ['scheduling'],
    security: 'public',
    params: bookingsParams,
    before: (request) => checkProvider(request, ctx.catalogue.current().provider.code),
    // The range is checked against the server's clock (bookingsRangeIssue), after the state.
    query: bookingsQuery,
    checkedByHandler: ['query'],
    responses: {
      200: { description: 'The free slots', schema: bookingSlotsAnswer },
      304: { description: 'Unchanged: If-None-Match names these slots (ETag)' },
      400: error(
        'Unknown state, or from/to missing, not a real date-time with an offset, too far from today, reversed or too far apart',
      ),
      404: error('Unknown provider'),
      503: unavailable,
    },
    // ETag: a digest of the answer (docs/decisions/020-reads-from-memory.md), kept until the
    // range changes (docs/decisions/022-kept-answers.md).
    handler: async (request, reply) => {
      const params = request.params;
      const state = parseState(params.state);
      if (!state) {
        throw new HttpError(400, 'invalid_input', 'Unknown state', { state: 'Unknown state' });
      }
      const { from, to } = parse(bookingsRange, request.query ?? {});
      const issue = bookingsRangeIssue(from, to, ctx.now());
      if (issue) {
        throw new HttpError(400, 'invalid_input', issue.message, {
          [issue.path]: issue.message,
        });
      }
      return sendPrepared(request, reply, await scheduler.slotsAnswer(state, from, to));
    },
  });
}

/** Holds a slot's window. */
function holdRoute(ctx: AppContext): AnyRoute {
  const scheduler = ctx.scheduler;
  return defineRoute({
    method: 'POST',
    url: '/api/v1/:provider/reservations',
    loggedParams: ['provider'],
    operationId: 'holdSlot',
    summary: 'Hold a slot’s window for RESERVATION_HOLD_SECONDS',
    tags: ['scheduling'],
    security: 'holdSession',
    params: bookingsParams.pick({ provider: true }),
    before: (request) => checkProvider(request, ctx.catalogue.current().provider.code),
    body: reservationBody,
    emptyBodyAs: {},
    headers: sessionHeader,
    responses: {
      201: { description: 'The hold', schema: reservationAnswer },
      400: error('booking_id names no installation window, or start/end do not match it'),
      404: error('Unknown provider'),
      409: error('reservation_taken: the window is full; window_closed: it is too soon or past'),
      429: error(
        'rate_limited: HOLDS_PER_MINUTE; too_many_holds: the address has HOLDS_PER_CLIENT live holds',
      ),
      503: unavailable,
    },
    handler: async (request, reply) => {
      const body = request.body;
      const session = holdSession(request.headers['x-hold-session']);
      const hold = await scheduler.hold({ ...body, client: request.ip, session });
      return reply.status(201).send(hold);
    },
  });
}

/** Releases a held slot. */
function releaseRoute(ctx: AppContext): AnyRoute {
  const scheduler = ctx.scheduler;
  return defineRoute({
    method: 'DELETE',
    url: '/api/v1/:provider/reservations/:reservation_id',
    loggedParams: ['provider'],
    operationId: 'releaseHold',
    summary:
      'Release a held slot; releasing twice is harmless. A hold taken with X-Hold-Session needs the same header',
    tags: ['scheduling'],
    security: 'holdSession',
    params: reservationParams,
    before: (request) => checkProvider(request, ctx.catalogue.current().provider.code),
    headers: sessionHeader,
    responses: {
      204: { description: 'Released' },
      404: error('Unknown provider or reservation'),
      409: error('reservation_consumed: already booked'),
    },
    handler: async (request, reply) => {
      const params = request.params;
      const session = holdSession(request.headers['x-hold-session']);
      const outcome = await scheduler.release(params.reservation_id, session);
      if (outcome === 'unknown') throw notFound('Unknown reservation');
      if (outcome === 'consumed') {
        throw conflict('reservation_consumed', 'This reservation is already booked');
      }
      return reply.status(204).send();
    },
  });
}

/** Renews a live hold once. */
function extendRoute(ctx: AppContext): AnyRoute {
  const scheduler = ctx.scheduler;
  return defineRoute({
    method: 'POST',
    url: '/api/v1/:provider/reservations/:reservation_id/extend',
    loggedParams: ['provider'],
    operationId: 'extendHold',
    summary:
      'Renew a live hold once for another RESERVATION_HOLD_SECONDS from now. A hold taken with X-Hold-Session needs the same header',
    tags: ['scheduling'],
    security: 'holdSession',
    params: reservationParams,
    before: (request) => checkProvider(request, ctx.catalogue.current().provider.code),
    headers: sessionHeader,
    responses: {
      200: { description: 'The renewed hold', schema: reservationAnswer },
      404: error('Unknown provider or reservation'),
      409: error(
        'reservation_extended: already extended once; reservation_expired, reservation_released, reservation_consumed: no longer held',
      ),
      429: error('rate_limited: HOLDS_PER_MINUTE'),
    },
    handler: async (request) => {
      const params = request.params;
      const session = holdSession(request.headers['x-hold-session']);
      // docs/rules/installation-and-holds.md#extending-a-hold
      const outcome = await scheduler.extend(params.reservation_id, session);
      switch (outcome.kind) {
        case 'extended':
          return {
            reservation_id: outcome.reservation_id,
            event_id: outcome.event_id,
            expires_at: outcome.expires_at.toISOString(),
          };
        case 'unknown':
          throw notFound('Unknown reservation');
        case 'already_extended':
          throw conflict(
            'reservation_extended',
            'This installation time has already been extended once',
          );
        case 'expired':
          throw conflict('reservation_expired', 'This installation time is no longer held');
        case 'released':
          throw conflict('reservation_released', 'This installation time was released');
        case 'consumed':
          throw conflict('reservation_consumed', 'This reservation is already booked');
      }
    },
  });
}
