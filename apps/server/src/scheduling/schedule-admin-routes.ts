import { TZDate } from '@date-fns/tz';
import { adminScheduleAnswer, adminScheduleQuery, errorAnswer } from '@fibre/domain/api';
import type { AppContext } from '../context.ts';
import { HttpError } from '../http/errors.ts';
import { defineAdminRoute } from '../operators/index.ts';
import { crewNames, takenPlaces } from './repository/schedule.ts';
import { listCalendar } from './repository/calendar.ts';
import { FIRST_BOOKABLE_DAYS_AHEAD, stateZone, windowsBetween } from './windows.ts';
import type { AnyRoute } from '../http/define.ts';

/*
 * The installation schedule, a state's day per crew (docs/rules/operators.md#operations). Live
 * holds: holds-admin-routes.ts; leads: leads/admin-routes.ts; offers: offers/admin-routes.ts.
 */

const DAY_MS = 24 * 3600_000;

export function adminScheduleRoutes(ctx: AppContext): AnyRoute[] {
  const db = ctx.database.db;

  return [
    defineAdminRoute(ctx, {
      method: 'GET',
      url: '/admin/api/schedule',
      operationId: 'showSchedule',
      summary:
        "A state's installation schedule for one day: each crew's windows, booked, held or free",
      description:
        "`date` is a calendar day in the state's zone; past days are shown too. Each crew working that day, with the windows the wizard offers from its shift (docs/rules/operators.md#operations).",
      query: adminScheduleQuery,
      responses: {
        200: { description: 'The day per crew', schema: adminScheduleAnswer },
        400: { description: 'invalid_input: not a state, or not a date', schema: errorAnswer },
      },
      handler: async (request) => {
        const { state, date } = request.query;
        const zone = stateZone(state);
        const [year, month, day] = date.split('-').map(Number) as [number, number, number];
        const start = new TZDate(year, month - 1, day, 0, 0, zone);
        if (
          start.getFullYear() !== year ||
          start.getMonth() !== month - 1 ||
          start.getDate() !== day
        ) {
          const message = 'is not a calendar day';
          throw new HttpError(400, 'invalid_input', `date ${message}`, { date: message });
        }
        const from = new Date(start.getTime());
        const to = new Date(new TZDate(year, month - 1, day + 1, 0, 0, zone).getTime());
        const now = ctx.now();
        const [calendar, names, taken] = await Promise.all([
          listCalendar(db, state),
          crewNames(db, state),
          takenPlaces(db, state, from, to, now),
        ]);
        // windowsBetween opens days from FIRST_BOOKABLE_DAYS_AHEAD after its clock; asked as of that
        // many days before the day, it answers the day's windows whether the day is past or near.
        const asOf = new Date(from.getTime() - FIRST_BOOKABLE_DAYS_AHEAD * DAY_MS);
        const windows = windowsBetween(state, calendar.crews, from, to, asOf, calendar.closures);
        const placeOf = new Map(taken.map((r) => [`${r.window_id}~${r.crew_id}`, r]));
        const crews = calendar.crews
          .map((crew) => ({
            id: crew.id,
            name: names.get(crew.id) ?? crew.id,
            slots: windows
              .filter((w) => w.crewIds.includes(crew.id))
              .map((w) => {
                const place = placeOf.get(`${w.id}~${crew.id}`);
                return {
                  start: w.startsAt.toISOString(),
                  end: w.endsAt.toISOString(),
                  status: place ? (place.status === 'consumed' ? 'booked' : 'held') : 'free',
                  orderId: place?.order_id ?? null,
                  reservationId: place?.reservation_id ?? null,
                  expiresAt: place?.status === 'held' ? place.expires_at.toISOString() : null,
                } as const;
              }),
          }))
          .filter((crew) => crew.slots.length > 0);
        return { state, date, zone, crews };
      },
    }),
  ];
}
