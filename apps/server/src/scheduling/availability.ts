import type { AdapterContext } from '../context.ts';
import type { HoldInput } from './scheduler.ts';
import { Refusal } from '../http/errors.ts';
import { listCalendar } from './repository/calendar.ts';
import { holdWindow, windowUsage } from './repository/reservations.ts';
import {
  findWindow,
  stateZone,
  windowIdState,
  windowsBetween,
  zonedIso,
  type State,
} from './windows.ts';

/**
 * The bookings and reservations calls (docs/rules/installation-and-holds.md) over windows and
 * holds.
 */

export interface BookingSlot {
  id: string;
  booking_id: string;
  event_id: string;
  start: string;
  end: string;
  start_datetime_original_iso_str: string;
  end_datetime_original_iso_str: string;
}

/**
 * One slot per free crew per window. A window is free while bookings plus live holds are below
 * its capacity; full windows and days before the first bookable one are left out. The crews and
 * closures come from the served catalogue in memory, the holds and bookings from the database
 * (docs/decisions/020-reads-from-memory.md).
 */
export async function listSlots(
  ctx: AdapterContext,
  state: State,
  from: Date,
  to: Date,
): Promise<BookingSlot[]> {
  return (await slotsAt(ctx, state, from, to, ctx.now())).slots;
}

/** The slots at `now`, and when the first live hold among them lapses (null: none does). */
export async function slotsAt(
  ctx: AdapterContext,
  state: State,
  from: Date,
  to: Date,
  now: Date,
): Promise<{ slots: BookingSlot[]; nextLapse: Date | null }> {
  const { crews, closures } = ctx.catalogue.current().calendar(state);
  const windows = windowsBetween(state, crews, from, to, now, closures);
  const usage = await windowUsage(ctx.database.db, state, from, to, now);
  const zone = stateZone(state);
  const slots = windows.flatMap((window) => {
    const used = usage.windows.get(window.id);
    // Crews off that day lower a window's capacity, even one first held before (holdWindow).
    const capacity = Math.min(used?.capacity ?? window.crewIds.length, window.crewIds.length);
    const taken = used?.taken ?? [];
    const start = zonedIso(window.startsAt, zone);
    const end = zonedIso(window.endsAt, zone);
    return window.crewIds
      .filter((crewId) => !taken.includes(crewId))
      .slice(0, Math.max(0, capacity - taken.length))
      .map((crewId) => ({
        id: `${window.id}~${crewId}`,
        booking_id: window.id,
        event_id: `${window.id}~${crewId}`,
        start,
        end,
        start_datetime_original_iso_str: start,
        end_datetime_original_iso_str: end,
      }));
  });
  return { slots, nextLapse: usage.nextLapse };
}

export interface ReservationAnswer {
  reservation_id: string;
  event_id: string;
  expires_at: string;
}

export const reservationTaken = () =>
  new Refusal('conflict', 'reservation_taken', 'reservation taken');

/**
 * Holds the window a slot names for config.holdSeconds; a conflict refusal (409) when it is full.
 * Refusals are typed, not HTTP (http/errors.ts): the hold is a scheduler adapter's call, and the route
 * turns them into answers. `alsoTaken` counts
 * places given away outside this database (installations booked straight into Arrivy).
 */
export async function holdSlot(
  ctx: AdapterContext,
  input: HoldInput,
  options: { alsoTaken?: number } = {},
): Promise<ReservationAnswer> {
  const now = ctx.now();
  const state = windowIdState(input.booking_id);
  const calendar = state ? await listCalendar(ctx.database.db, state) : undefined;
  const found = findWindow(input.booking_id, calendar?.crews ?? [], now, calendar?.closures);
  if (found.kind === 'unknown') {
    throw new Refusal('invalid', 'invalid_input', 'Not an installation window', {
      booking_id: 'Not an installation window',
    });
  }
  // A window that has become too soon is, to the visitor, a slot someone else took.
  if (found.kind === 'closed') {
    throw new Refusal(
      'conflict',
      'window_closed',
      'This installation window can no longer be booked',
    );
  }
  // A holiday or a crew day off leaves the window no place: to the visitor, it is taken (409).
  if (found.kind === 'full') throw reservationTaken();
  const { window } = found;
  if (
    input.start.getTime() !== window.startsAt.getTime() ||
    input.end.getTime() !== window.endsAt.getTime()
  ) {
    throw new Refusal('invalid', 'invalid_input', "Start and end do not match the window's times", {
      ...(input.start.getTime() !== window.startsAt.getTime()
        ? { start: "Does not match the window's start" }
        : {}),
      ...(input.end.getTime() !== window.endsAt.getTime()
        ? { end: "Does not match the window's end" }
        : {}),
    });
  }
  const expiresAt = new Date(now.getTime() + ctx.config.holdSeconds * 1000);
  const hold = await holdWindow(ctx.database.db, window, {
    reservationId: ctx.newId(),
    now,
    expiresAt,
    alsoTaken: options.alsoTaken ?? 0,
    // Slot hoarding: HOLDS_PER_CLIENT live holds per address, one per session (010-limits.md).
    limits: {
      session: input.session,
      client: input.client
        ? { address: input.client, maxLive: ctx.config.limits.holdsPerClient }
        : undefined,
    },
  });
  if (!hold) throw reservationTaken();
  ctx.metrics.hold('released', hold.released);
  return {
    reservation_id: hold.reservation_id,
    event_id: hold.event_id,
    expires_at: hold.expires_at.toISOString(),
  };
}
