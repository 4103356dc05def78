import type { Transaction } from 'kysely';
import type { ArrivyBooking } from '@fibre/domain';
import type { Schema } from '../db/schema.ts';

export interface TaskRequest {
  orderId: string;
  reservationId: string;
  eventId: string;
  state: string;
  startsAt: Date;
  endsAt: Date;
  /** The scheduling record with its extra named fields, as the installer sees it. */
  booking: ArrivyBooking;
}

/**
 * Scheduling behind one small interface: the built-in crew calendar (embedded default) and Arrivy
 * implement it. The hold is already consumed; this records the installer's task.
 */
export interface CalendarAdapter {
  createTask(
    trx: Transaction<Schema>,
    request: TaskRequest,
    now: Date,
  ): Promise<{ taskId: string }>;
}

export function localCalendar(newId: () => string): CalendarAdapter {
  return {
    async createTask(trx, request, now) {
      const taskId = `task_${newId()}`;
      await trx
        .insertInto('bookings')
        .values({
          id: taskId,
          order_id: request.orderId,
          reservation_id: request.reservationId,
          event_id: request.eventId,
          state: request.state,
          starts_at: request.startsAt,
          ends_at: request.endsAt,
          task: JSON.stringify(request.booking),
          created_at: now,
        })
        .execute();
      return { taskId };
    },
  };
}
