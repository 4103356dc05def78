import { z } from 'zod';
import { reservationBody } from './scheduling-input.ts';

/*
 * The order page's inputs (docs/rules/order-page.md). A token of any shape is accepted here and
 * answered 404 when it opens no order, so a malformed token looks like any other wrong one.
 */
export const orderPageParams = z.object({ token: z.string().max(200) });

/** POST .../reschedule: a slot of the public bookings call for the order's state. */
export const rescheduleBody = reservationBody;
export type RescheduleBody = z.input<typeof rescheduleBody>;
