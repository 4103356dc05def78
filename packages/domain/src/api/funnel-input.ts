import { z } from 'zod';
import { FUNNEL_STEPS } from '../wizard/funnel.ts';

/** The longest period the console's funnel reads at once, in days. */
export const FUNNEL_PERIOD_MAX_DAYS = 366;

/*
 * The funnel's requests (docs/rules/funnel.md): what the wizard reports, and the console's period.
 */

/** A building code, as the plans' query takes it; empty is none (the wizard knows none yet). */
const buildingCode = z
  .string()
  .regex(/^[0-9A-Za-z]{0,16}$/, 'must be a building code')
  .optional()
  .transform((v) => v || undefined);

/** A campaign's id: the catalogue's, or a built-in one (MOVEIN, MOVEIN2, a referral campaign). */
const campaignCode = z
  .string()
  .regex(/^[0-9A-Za-z_-]{0,40}$/, 'must be a campaign code')
  .optional()
  .transform((v) => v || undefined);

/**
 * POST /api/v1/public/funnel: a step reached. Strict: the step's name, the tab's random id, and
 * the building's code and campaign's id when the wizard knows them; any other field is refused, so
 * no personal data can arrive here.
 */
export const funnelEventSchema = z.strictObject({
  step: z.enum(FUNNEL_STEPS, { error: 'must be a step of the funnel' }),
  tab: z.uuid({ error: 'must be a random id (a UUID)' }),
  building: buildingCode,
  campaign: campaignCode,
});
export type FunnelEvent = z.infer<typeof funnelEventSchema>;

const DAY_MS = 24 * 60 * 60_000;

/**
 * GET /admin/api/funnel and /admin/api/funnel.csv: a period of UTC days, `from` and `to` both
 * included (YYYY-MM-DD), at most FUNNEL_PERIOD_MAX_DAYS long; optionally one building's or one
 * campaign's arrivals only.
 */
export const adminFunnelQuery = z
  .object({
    from: z.iso.date(),
    to: z.iso.date(),
    building: buildingCode,
    campaign: campaignCode,
  })
  .superRefine((q, ctx) => {
    const days = (Date.parse(q.to) - Date.parse(q.from)) / DAY_MS + 1;
    if (days < 1)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'must not be before from' });
    else if (days > FUNNEL_PERIOD_MAX_DAYS)
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: `must be at most ${FUNNEL_PERIOD_MAX_DAYS} days after from`,
      });
  });
export type AdminFunnelQuery = z.output<typeof adminFunnelQuery>;
