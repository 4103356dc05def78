import type { Kysely, Transaction } from 'kysely';
import type { ArrivyBooking } from '@fibre/domain/install';
import type { Schema } from '../../db/schema.ts';
import { dayClosures, type DayClosures } from '../closures.ts';
import type { CrewShift, State } from '../windows.ts';

type Db = Kysely<Schema>;

/** A state's working crews and its closures: what its windows are computed from. */
export interface StateCalendar {
  crews: CrewShift[];
  closures: DayClosures;
}

export async function listCalendar(db: Db, state: State): Promise<StateCalendar> {
  const [crews, closures] = await Promise.all([
    db
      .selectFrom('crews')
      .select(['id', 'working_days', 'shift_start_minute', 'shift_end_minute', 'window_minutes'])
      .where('state', '=', state)
      .where('active', '=', true)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('closures')
      .select(['day', 'crews_off'])
      .where('state', '=', state)
      .orderBy('day')
      .execute(),
  ]);
  return { crews, closures: dayClosures(closures) };
}

/** The built-in calendar's booking for an order: its installer task, in the order's transaction. */
export interface CalendarBooking {
  id: string;
  orderId: string;
  reservationId: string;
  eventId: string;
  state: string;
  startsAt: Date;
  endsAt: Date;
  task: ArrivyBooking;
  createdAt: Date;
}

export async function insertBooking(
  trx: Transaction<Schema>,
  booking: CalendarBooking,
): Promise<void> {
  await trx
    .insertInto('bookings')
    .values({
      id: booking.id,
      order_id: booking.orderId,
      reservation_id: booking.reservationId,
      event_id: booking.eventId,
      state: booking.state,
      starts_at: booking.startsAt,
      ends_at: booking.endsAt,
      task: JSON.stringify(booking.task),
      created_at: booking.createdAt,
    })
    .execute();
}

/** Marks the order's booking (its installer task) cancelled, once. */
export async function cancelBooking(
  trx: Transaction<Schema>,
  orderId: string,
  now: Date,
): Promise<void> {
  await trx
    .updateTable('bookings')
    .set({ cancelled_at: now })
    .where('order_id', '=', orderId)
    .where('cancelled_at', 'is', null)
    .execute();
}

/** Moves the order's live booking (its installer task) to a new window's reservation and times. */
export async function moveBooking(
  trx: Transaction<Schema>,
  orderId: string,
  to: { reservationId: string; eventId: string; startsAt: Date; endsAt: Date },
): Promise<void> {
  await trx
    .updateTable('bookings')
    .set({
      reservation_id: to.reservationId,
      event_id: to.eventId,
      starts_at: to.startsAt,
      ends_at: to.endsAt,
    })
    .where('order_id', '=', orderId)
    .where('cancelled_at', 'is', null)
    .execute();
}

/**
 * The order's bookings given the customer's corrected contact (docs/rules/personal-data-requests.md):
 * the task's customer fields, and its title's name ("Installation - First Last - address").
 */
export async function updateBookingContact(
  trx: Transaction<Schema>,
  orderId: string,
  contact: { firstName: string; lastName: string; email: string; phone: string | null },
): Promise<void> {
  const rows = await trx
    .selectFrom('bookings')
    .select(['id', 'task'])
    .where('order_id', '=', orderId)
    .execute();
  for (const row of rows) {
    const task = row.task as Record<string, unknown>;
    const oldName = `${String(task.customer_first_name ?? '')} ${String(task.customer_last_name ?? '')}`;
    const title =
      typeof task.title === 'string'
        ? task.title.replace(`- ${oldName} -`, `- ${contact.firstName} ${contact.lastName} -`)
        : task.title;
    const updated = {
      ...task,
      title,
      customer_first_name: contact.firstName,
      customer_last_name: contact.lastName,
      customer_email: contact.email,
      ...(contact.phone ? { customer_mobile_number: contact.phone } : {}),
    };
    await trx
      .updateTable('bookings')
      .set({ task: JSON.stringify(updated) })
      .where('id', '=', row.id)
      .execute();
  }
}
