import { TZDate } from '@date-fns/tz';
import {
  adminHoldParams,
  adminHoldsAnswer,
  adminLead,
  adminLeadParams,
  adminOffersAnswer,
  adminScheduleAnswer,
  adminScheduleQuery,
  discountInWords,
  errorAnswer,
} from '@fibre/domain';
import type { AppContext } from '../../context.ts';
import { HttpError, notFound } from '../../errors.ts';
import { operatorOf, requireOperator } from '../../operators/guard.ts';
import {
  crewNames,
  liveHolds,
  markLeadContacted,
  offerUsage,
  releaseLiveHold,
  takenPlaces,
} from '../../repositories/admin-operations.ts';
import { listCalendar } from '../../repositories/calendar.ts';
import { FIRST_BOOKABLE_DAYS_AHEAD, stateZone, windowsBetween } from '../../scheduling/windows.ts';
import { defineRoute, type AnyRoute } from '../define.ts';
import { leadAnswer } from './reads.ts';

/*
 * The installation schedule, live holds (and releasing one), leads' contacted mark, and coupon and
 * campaign usage (docs/rules/operators.md#operations).
 */

const DAY_MS = 24 * 3600_000;

/**
 * A coupon's discount in words from its own amounts (docs/rules/operators.md#operations): dollars
 * (preferred when both are set) or percent off, for its period: '$10 off for 3 months', '100% off
 * for 1 month'. Stored dollar amounts are cents.
 */
export function couponInWords(coupon: {
  period: number;
  period_unit: string;
  dollar_amount: number | null;
  percentage: number | null;
}): string {
  const dollars = coupon.dollar_amount === null ? null : coupon.dollar_amount / 100;
  return discountInWords({
    period: coupon.period,
    period_unit: coupon.period_unit || 'month',
    // From the first payment: the words then say what the coupon gives, never '1 month free'.
    starting_period: 0,
    dollar_amount: dollars,
    percentage: dollars === null ? Number(coupon.percentage ?? 100) : null,
  });
}

export function adminOperationRoutes(ctx: AppContext): AnyRoute[] {
  const db = ctx.database.db;
  const contacted = (mark: boolean) =>
    defineRoute({
      method: mark ? 'POST' : 'DELETE',
      url: '/admin/api/leads/:id/contacted',
      operationId: mark ? 'markLeadContacted' : 'unmarkLeadContacted',
      summary: mark
        ? 'Marks a lead contacted by the signed-in operator (managers only; audited)'
        : "Clears a lead's contacted mark: the undo (managers only; audited)",
      tags: ['admin'],
      security: 'operatorSession',
      guard: requireOperator(ctx),
      params: adminLeadParams,
      responses: {
        200: { description: 'The lead as it is now', schema: adminLead },
        404: { description: 'not_found: no lead has this id', schema: errorAnswer },
      },
      handler: async (request) => {
        const who = { operatorEmail: operatorOf(request).email, at: ctx.now() };
        const lead = await markLeadContacted(db, request.params.id, mark, who);
        if (!lead) throw notFound('No lead has this id');
        return leadAnswer(lead);
      },
    });

  return [
    defineRoute({
      method: 'GET',
      url: '/admin/api/schedule',
      operationId: 'showSchedule',
      summary:
        "A state's installation schedule for one day: each crew's windows, booked, held or free",
      description:
        "`date` is a calendar day in the state's zone; past days are shown too. Each crew working that day, with the windows the wizard offers from its shift (docs/rules/operators.md#operations).",
      tags: ['admin'],
      security: 'operatorSession',
      guard: requireOperator(ctx),
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
    defineRoute({
      method: 'GET',
      url: '/admin/api/holds',
      operationId: 'listHolds',
      summary: 'Every live hold, soonest expiry first',
      tags: ['admin'],
      security: 'operatorSession',
      guard: requireOperator(ctx),
      responses: { 200: { description: 'The live holds', schema: adminHoldsAnswer } },
      handler: async () => {
        const rows = await liveHolds(db, ctx.now());
        return {
          items: rows.map((row) => ({
            reservationId: row.reservation_id,
            state: row.state,
            crew: { id: row.crew_id, name: row.crew_name },
            window: { start: row.starts_at.toISOString(), end: row.ends_at.toISOString() },
            created: row.created_at.toISOString(),
            expiresAt: row.expires_at.toISOString(),
          })),
        };
      },
    }),
    defineRoute({
      method: 'DELETE',
      url: '/admin/api/holds/:id',
      operationId: 'releaseHoldAsOperator',
      summary: 'Releases a live hold: its window is free again at once (managers only; audited)',
      tags: ['admin'],
      security: 'operatorSession',
      guard: requireOperator(ctx),
      params: adminHoldParams,
      responses: {
        204: { description: 'Released' },
        404: {
          description: 'not_found: no live hold has this id (unknown, expired, released or booked)',
          schema: errorAnswer,
        },
      },
      handler: async (request, reply) => {
        const who = { operatorEmail: operatorOf(request).email, at: ctx.now() };
        if (!(await releaseLiveHold(db, request.params.id, who))) {
          throw notFound('No live hold has this id');
        }
        ctx.metrics.hold('released');
        return reply.status(204).send();
      },
    }),
    contacted(true),
    contacted(false),
    defineRoute({
      method: 'GET',
      url: '/admin/api/offers',
      operationId: 'listOffers',
      summary: "The provider's coupons and campaigns, with how many orders used each",
      description:
        'An order counts unless it was cancelled; a campaign counts the orders carrying its coupon code, and the buildings that name it and are not retired (docs/rules/operators.md#operations).',
      tags: ['admin'],
      security: 'operatorSession',
      guard: requireOperator(ctx),
      responses: { 200: { description: 'Coupons and campaigns', schema: adminOffersAnswer } },
      handler: async () => {
        const { coupons, campaigns } = await offerUsage(db, ctx.catalogue.current().provider.code);
        return {
          coupons: coupons.map((c) => ({
            id: c.coupon_id,
            description: couponInWords(c),
            retired: c.retired_at !== null,
            orders: Number(c.orders ?? 0),
          })),
          campaigns: campaigns.map((k) => ({
            id: k.id,
            name: k.name,
            couponCode: k.coupon_code,
            starts: k.starts,
            ends: k.ends,
            retired: k.retired_at !== null,
            buildings: Number(k.buildings ?? 0),
            orders: Number(k.orders ?? 0),
          })),
        };
      },
    }),
  ];
}
