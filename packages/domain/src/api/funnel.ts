import * as z from 'zod/mini';
import { FUNNEL_STEPS } from '../wizard/funnel.ts';

/** GET /admin/api/funnel (docs/rules/funnel.md): each step's arrivals over the period, in order. */
export const adminFunnelAnswer = z.object({
  from: z.string(),
  to: z.string(),
  building: z.nullable(z.string()),
  campaign: z.nullable(z.string()),
  steps: z.array(
    z.object({
      step: z.enum(FUNNEL_STEPS),
      arrivals: z.number(),
      dropOff: z.nullable(z.number()),
    }),
  ),
});
export type AdminFunnelAnswer = z.infer<typeof adminFunnelAnswer>;
