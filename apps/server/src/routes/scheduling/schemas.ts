import { z } from 'zod';

/** Inputs of the bookings and reservations calls (SPEC.md 7, PRODUCT.md 3). */

export const MAX_RANGE_DAYS = 100;

const isoMessage = 'Must be an ISO date-time with an offset, e.g. 2026-12-01T00:00:00+11:00';
const isoPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

/**
 * A date-time that names one instant: without an offset it would mean different instants on the
 * server and in the browser, so it is refused rather than guessed.
 */
export const isoWithOffset = z
  .string({ error: isoMessage })
  .trim()
  // An unencoded '+11:00' in a query string arrives as ' 11:00'.
  .transform((v) => v.replace(/ (\d{2}:?\d{2})$/, '+$1'))
  .pipe(
    z
      .string()
      .regex(isoPattern, isoMessage)
      .refine((v) => !Number.isNaN(Date.parse(v)), isoMessage),
  )
  .transform((v) => new Date(v));

export const bookingsParams = z.object({ provider: z.string(), state: z.string() });

export const bookingsQuery = z
  .object({ from: isoWithOffset, to: isoWithOffset })
  .superRefine(({ from, to }, issue) => {
    // Zod still runs this when a field has failed; the field's own message is enough then.
    if (!(from instanceof Date) || !(to instanceof Date)) return;
    if (to <= from) {
      issue.addIssue({ code: 'custom', path: ['to'], message: 'Must be after from' });
    } else if (to.getTime() - from.getTime() > MAX_RANGE_DAYS * 86_400_000) {
      issue.addIssue({
        code: 'custom',
        path: ['to'],
        message: `Must be at most ${MAX_RANGE_DAYS} days after from`,
      });
    }
  });

export const reservationBody = z.object({
  booking_id: z.string({ error: 'Required' }).trim().min(1, 'Required').max(64, 'Too long'),
  start: isoWithOffset,
  end: isoWithOffset,
});

export const reservationParams = z.object({
  provider: z.string(),
  reservation_id: z.string().max(100),
});
