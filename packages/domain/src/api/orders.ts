import * as z from 'zod/mini';

/** POST /api/v1/public/leads (docs/rules/address-and-serviceability.md#not-served-the-lead-form) */
export const leadCreatedAnswer = z.object({ id: z.string() });

/** POST /api/v1/test-vault/tokens (docs/rules/demo-data.md#test-cards) */
export const cardTokenAnswer = z.object({ token: z.string() });

/** POST /api/v1/{provider}/install (docs/rules/orders.md) */
export const orderPlacedAnswer = z.object({ success: z.literal(true), order_id: z.string() });
export type OrderPlacedAnswer = z.infer<typeof orderPlacedAnswer>;
