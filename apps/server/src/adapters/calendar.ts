import type { Transaction } from 'kysely';
import type { ArrivyBooking } from '@fibre/domain';
import type { Schema } from '../db/schema.ts';
import { cancelBooking, insertBooking } from '../repositories/calendar.ts';

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
 * The installer's task for an order: the built-in crew calendar (embedded default) writes it in
 * the order's own transaction; Arrivy creates it after the order is written, and must find the
 * task it already made for the order rather than make a second (a retry resumes an order).
 * The hold is already consumed when either runs.
 */
export type CalendarAdapter = LocalCalendar | ExternalCalendar;

export interface LocalCalendar {
  kind: 'local';
  createTask(
    trx: Transaction<Schema>,
    request: TaskRequest,
    now: Date,
  ): Promise<{ taskId: string }>;
  /** Marks the order's booking cancelled in the caller's transaction; twice is harmless. */
  cancelTask(trx: Transaction<Schema>, orderId: string, now: Date): Promise<void>;
}

export interface ExternalCalendar {
  kind: 'external';
  /** Creates the order's task, or finds the one an earlier attempt made. */
  createTask(request: TaskRequest): Promise<{ taskId: string }>;
  /** The order's task, null when there is none; throws when the service cannot say. */
  findTask(orderId: string): Promise<string | null>;
  /**
   * Cancels the order's task (docs/rules/operators.md#acting-on-orders): done when it has none or
   * it is already cancelled, so a second try is harmless; throws when the service cannot say or
   * refuses.
   */
  cancelTask(orderId: string, now: Date): Promise<void>;
}

export function localCalendar(newId: () => string): LocalCalendar {
  return {
    kind: 'local',
    async createTask(trx, request, now) {
      const taskId = `task_${newId()}`;
      await insertBooking(trx, {
        id: taskId,
        orderId: request.orderId,
        reservationId: request.reservationId,
        eventId: request.eventId,
        state: request.state,
        startsAt: request.startsAt,
        endsAt: request.endsAt,
        task: request.booking,
        createdAt: now,
      });
      return { taskId };
    },
    async cancelTask(trx, orderId, now) {
      await cancelBooking(trx, orderId, now);
    },
  };
}
