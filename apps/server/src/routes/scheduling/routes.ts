import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { answerRefusal, conflict, HttpError, notFound } from '../../errors.ts';
import type { RouteDoc } from '../../openapi.ts';
import { schedulerFor } from '../../adapters/choose.ts';
import { parseState } from '../../scheduling/windows.ts';
import { parse } from '../../validate.ts';
import {
  bookingsParams,
  bookingsQuery,
  bookingsQueryAt,
  reservationBody,
  reservationParams,
} from './schemas.ts';

const tag = 'scheduling';

/**
 * The wizard's hold session (X-Hold-Session, a random id it keeps in sessionStorage): a visitor
 * holds one window at a time, and only their session releases it (docs/decisions/010-limits.md).
 * Optional: a client without one is bounded by HOLDS_PER_CLIENT alone.
 */
function holdSession(value: string | string[] | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string' && /^[A-Za-z0-9_-]{16,64}$/.test(value)) return value;
  const message = 'Must be 16 to 64 letters, digits, - or _';
  throw new HttpError(400, 'invalid_input', `X-Hold-Session: ${message}`, {
    'X-Hold-Session': message,
  });
}

export const schedulingDocs: RouteDoc[] = [
  {
    method: 'get',
    path: '/api/v1/{provider}/bookings/{state}',
    summary:
      'Free installation slots of a state: one per free crew per window, starting in [from, to)',
    tag,
    query: bookingsQuery,
    responses: {
      200: '{booking_slots: [{id, booking_id, event_id, start, end, start_datetime_original_iso_str, end_datetime_original_iso_str}]}',
      400: 'Unknown state, or from/to missing, not a real date-time with an offset, too far from today, reversed or too far apart',
      404: 'Unknown provider',
      503: 'The scheduling service (Arrivy) cannot be reached',
    },
  },
  {
    method: 'post',
    path: '/api/v1/{provider}/reservations',
    summary: 'Hold a slot’s window for RESERVATION_HOLD_SECONDS',
    tag,
    body: reservationBody,
    responses: {
      201: '{reservation_id, event_id, expires_at}',
      400: 'booking_id names no installation window, or start/end do not match it',
      404: 'Unknown provider',
      409: 'reservation_taken: the window is full; window_closed: it is too soon or past',
      429: 'rate_limited: HOLDS_PER_MINUTE; too_many_holds: the address has HOLDS_PER_CLIENT live holds',
      503: 'The scheduling service (Arrivy) cannot be reached',
    },
  },
  {
    method: 'delete',
    path: '/api/v1/{provider}/reservations/{reservation_id}',
    summary:
      'Release a held slot; releasing twice is harmless. A hold taken with X-Hold-Session needs the same header',
    tag,
    responses: {
      204: 'Released',
      404: 'Unknown provider or reservation',
      409: 'Already booked',
    },
  },
];

export function schedulingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const scheduler = schedulerFor(ctx);
  // docs/rules/api.md: any provider segment but ours answers 404.
  const checkProvider = (provider: string) => {
    if (provider !== ctx.catalogue.current().provider.code) throw notFound('Unknown provider');
  };

  app.get('/api/v1/:provider/bookings/:state', async (request) => {
    const params = parse(bookingsParams, request.params);
    checkProvider(params.provider);
    const state = parseState(params.state);
    if (!state) {
      throw new HttpError(400, 'invalid_input', 'Unknown state', { state: 'Unknown state' });
    }
    const { from, to } = parse(bookingsQueryAt(ctx.now()), request.query ?? {});
    return { booking_slots: await scheduler.listSlots(state, from, to) };
  });

  app.post('/api/v1/:provider/reservations', async (request, reply) => {
    checkProvider(parse(bookingsParams.pick({ provider: true }), request.params).provider);
    const body = parse(reservationBody, request.body ?? {});
    const session = holdSession(request.headers['x-hold-session']);
    const hold = await scheduler
      .hold({ ...body, client: request.ip, session })
      .catch(answerRefusal);
    return reply.status(201).send(hold);
  });

  app.delete('/api/v1/:provider/reservations/:reservation_id', async (request, reply) => {
    const params = parse(reservationParams, request.params);
    checkProvider(params.provider);
    const session = holdSession(request.headers['x-hold-session']);
    const outcome = await scheduler.release(params.reservation_id, session);
    if (outcome === 'unknown') throw notFound('Unknown reservation');
    if (outcome === 'consumed') {
      throw conflict('reservation_consumed', 'This reservation is already booked');
    }
    return reply.status(204).send();
  });
}
