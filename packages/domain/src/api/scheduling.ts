import * as z from 'zod/mini';

/* Answers of the calendar and hold calls (docs/rules/installation-and-holds.md). */

export const bookingSlotAnswer = z.object({
  id: z.string(),
  booking_id: z.string(),
  event_id: z.string(),
  /** ISO date-time with offset */
  start: z.string(),
  end: z.string(),
  start_datetime_original_iso_str: z.string(),
  end_datetime_original_iso_str: z.string(),
});
export type BookingSlot = z.infer<typeof bookingSlotAnswer>;

/** GET /api/v1/{provider}/bookings/{state}: one slot per free crew per window. */
export const bookingSlotsAnswer = z.object({ booking_slots: z.array(bookingSlotAnswer) });

/**
 * POST /api/v1/{provider}/reservations: the hold; POST .../reservations/{id}/extend answers the
 * renewed hold in the same shape.
 */
export const reservationAnswer = z.object({
  reservation_id: z.string(),
  event_id: z.string(),
  /** ISO date-time */
  expires_at: z.string(),
});
export type Reservation = z.infer<typeof reservationAnswer>;
