import { z } from 'zod';

/** GET /api/v1/public/plans?building-code=CODE (docs/rules/plans-and-pricing.md) */
export const plansQuery = z.object({
  'building-code': z
    .string()
    .trim()
    .regex(/^[0-9A-Za-z]{1,16}$/, 'building-code must be a building code')
    .optional(),
});
