/*
 * The funnel's step names as the API takes and answers them (docs/rules/funnel.md), in order. The
 * wizard reports them by its own names for the steps (wizard/funnel.ts, FUNNEL_STEPS), which a
 * test holds equal to these.
 */
export const FUNNEL_STEP_NAMES = [
  'Check Address',
  'Build your plan',
  'Contact info',
  'Connection details',
  'Installation',
  'Payment',
  'Confirm order',
  'Paid',
] as const;

export type FunnelStep = (typeof FUNNEL_STEP_NAMES)[number];

/** The longest period the console's funnel reads at once, in days. */
export const FUNNEL_PERIOD_MAX_DAYS = 366;
