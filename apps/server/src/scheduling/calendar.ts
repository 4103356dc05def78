import type { Transaction } from 'kysely';
import type { ArrivyBooking } from '@fibre/domain/install';
import type { Schema } from '../db/schema.ts';
import {
  cancelBooking,
  insertBooking,
  moveBooking,
  updateBookingContact,
} from './repository/calendar.ts';

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
  /**
   * Moves the order's booking to its new window (docs/rules/order-page.md#reschedule), in the
   * caller's transaction.
   */
  rescheduleTask(trx: Transaction<Schema>, orderId: string, to: TaskWindow): Promise<void>;
  /**
   * Records the customer's corrected contact on the order's booking, in the caller's transaction
   * (docs/rules/personal-data-requests.md); an order without one is harmless.
   */
  updateContact(trx: Transaction<Schema>, orderId: string, contact: TaskContact): Promise<void>;
}

/** A customer's contact as the installer's task carries it (docs/rules/personal-data-requests.md). */
export interface TaskContact {
  firstName: string;
  lastName: string;
  email: string;
  /** +61 4xx xxx xxx; null when the order has none. */
  phone: string | null;
}

/** An order's new window, for its installer task. */
export interface TaskWindow {
  reservationId: string;
  eventId: string;
  startsAt: Date;
  endsAt: Date;
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
  /**
   * Gives the order's task its new times (docs/rules/order-page.md#reschedule): done when it has
   * no live task; the same times twice are harmless; throws when the service cannot say or refuses.
   */
  rescheduleTask(orderId: string, to: TaskWindow): Promise<void>;
  /**
   * Gives the order's live task the customer's corrected contact
   * (docs/rules/personal-data-requests.md): done when it has none; absent when the service cannot
   * be told, which the correction's answer then says.
   */
  updateContact?(orderId: string, contact: TaskContact): Promise<void>;
  /**
   * Clears the customer's details from every task of the order, a cancelled one included, for an
   * erasure (docs/rules/personal-data-requests.md#erase): done when it has none; absent when the
   * service cannot be told, which the erasure's answer then says.
   */
  eraseContact?(orderId: string): Promise<void>;
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
    async rescheduleTask(trx, orderId, to) {
      await moveBooking(trx, orderId, to);
    },
    async updateContact(trx, orderId, contact) {
      await updateBookingContact(trx, orderId, contact);
    },
  };
}
