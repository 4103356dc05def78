import { PAID_PAGE_NAME, wizardSteps, type WizardStep } from './steps.ts';

/*
 * The funnel (docs/rules/funnel.md): the names the wizard reports each step reached by, in the
 * wizard's order: each step's progress label (the name the visitor reads), or its page name where
 * it has none (the address step), then 'Paid' once the confirmation shows the order succeeded.
 * Built from the names the shell already holds, so reporting adds no text to the address step's
 * JavaScript.
 */
const funnelName = (s: (typeof wizardSteps)[number]) => s.progressLabel ?? s.pageName;

// The API takes and answers these names (api/funnel-input.ts, api/funnel.ts): a step added to the
// table is a step of the funnel, in its place.
export const FUNNEL_STEPS = [...wizardSteps.map(funnelName), PAID_PAGE_NAME] as const;

export type FunnelStep = (typeof FUNNEL_STEPS)[number];

/** The funnel's name for a step of the wizard. */
export function funnelStepOf(step: WizardStep): FunnelStep {
  return funnelName(wizardSteps.find((s) => s.id === step)!);
}

/**
 * The step a tab must have been counted at before this one counts (docs/rules/funnel.md#counting):
 * undefined for the first. So 'Paid' with no step before it, from anyone, counts nothing.
 */
export function funnelStepBefore(step: FunnelStep): FunnelStep | undefined {
  const i = FUNNEL_STEPS.indexOf(step as (typeof FUNNEL_STEPS)[number]);
  return i > 0 ? FUNNEL_STEPS[i - 1] : undefined;
}

/** One step's arrivals over a period, and the drop-off from the step before it. */
export interface FunnelRow {
  step: FunnelStep;
  arrivals: number;
  /**
   * The share of the step before's arrivals that did not arrive here, in per cent with one
   * decimal: null for the first step, and when the step before had no arrivals. Negative when
   * more arrived here than there (a period that begins between a tab's steps, or one building's
   * figures, its address step counted before the building was known).
   */
  dropOff: number | null;
}

/** Every step in order, with its arrivals (0 when none was counted) and its drop-off. */
export function funnelRows(arrivals: Partial<Record<FunnelStep, number>>): FunnelRow[] {
  return FUNNEL_STEPS.map((step, i) => {
    const here = arrivals[step] ?? 0;
    const before = i === 0 ? 0 : (arrivals[FUNNEL_STEPS[i - 1]!] ?? 0);
    const dropOff = before === 0 ? null : Math.round(((before - here) / before) * 1000) / 10;
    return { step, arrivals: here, dropOff };
  });
}
