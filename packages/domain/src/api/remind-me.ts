import * as z from 'zod/mini';

// A module of its own, not finish-later.ts: the payment step's chunk imports it, and sharing a
// module with the lazily loaded finish-later button would make that button's chunk a static
// import of the payment step, listed in the first screen's preload map.

/**
 * POST /api/v1/{provider}/signups/remind-me: saved for the one reminder. The token withdraws it
 * (POST /api/v1/public/signups/withdraw/{token}) when the visitor unticks the box.
 */
export const remindMeAnswer = z.object({ withdraw_token: z.string() });
export type RemindMeAnswer = z.infer<typeof remindMeAnswer>;
