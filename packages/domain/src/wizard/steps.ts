import { toInstant } from '../shared/instant.ts';
import type { Reservation } from '../api/scheduling.ts';

/**
 * The wizard's seven steps (docs/rules/wizard-flow.md). The step lives in state, not in the URL.
 */

export type WizardStep = 1 | 2 | 3 | 4 | 5 | 6 | 7;

export const FIRST_STEP: WizardStep = 1;
export const LAST_STEP: WizardStep = 7;

/** The step names (docs/rules/wizard-flow.md: steps). */
export const stepNames = {
  1: 'Check Address',
  2: 'Build Plan',
  3: 'Contact info',
  4: 'Connection details',
  5: 'Installation',
  6: 'Payment',
  7: 'Confirmation',
} as const satisfies Record<WizardStep, string>;

/**
 * docs/rules/wizard-flow.md: every step change pushes a page name to the analytics data layer; the
 * names are Check Address, Build Plan, Connection Details, Installation, Payment, Confirm Order and
 * Paid.
 *
 * Decision: names are paired with steps by meaning, not by position. Six of the seven are the
 * titles of steps 1, 2, 4, 5, 6 and 7 (the progress bar calls step 7 'Confirm order'), so reading
 * them as 'the Nth name for step N' would push 'Payment' from the Installation screen and 'Paid'
 * while the order is still being sent, and a funnel report would mislead whoever reads it. Step 3
 * (Contact info) has no name of its own: it pushes 'Connection Details', because the contact
 * form and the unit form together are the connection's details (both feed the one scheduling
 * record), and it is the first screen of that part. 'Paid' is not a step: it is pushed once, when
 * the confirmation step shows the order succeeded, which is what the name says happened.
 */
export const analyticsPageNames = {
  1: 'Check Address',
  2: 'Build Plan',
  3: 'Connection Details',
  4: 'Connection Details',
  5: 'Installation',
  6: 'Payment',
  7: 'Confirm Order',
} as const satisfies Record<WizardStep, string>;

/** Pushed when the confirmation shows success (see analyticsPageNames). */
export const PAID_PAGE_NAME = 'Paid';

/**
 * The progress bar's six labels, shown from step 2; step N is label N - 2
 * (docs/rules/wizard-flow.md).
 */
export const progressLabels = [
  'Build your plan',
  'Contact info',
  'Connection details',
  'Installation',
  'Payment',
  'Confirm order',
] as const;

export type ProgressLabel = (typeof progressLabels)[number];

export interface ProgressItem {
  label: ProgressLabel;
  state: 'done' | 'current' | 'upcoming';
}

/** The progress bar for a step, or null on step 1 where it is not shown. */
export function progressFor(step: WizardStep): ProgressItem[] | null {
  if (step === FIRST_STEP) return null;
  const current = step - 2;
  return progressLabels.map((label, index) => ({
    label,
    state: index < current ? 'done' : index === current ? 'current' : 'upcoming',
  }));
}

export function isWizardStep(value: unknown): value is WizardStep {
  return (
    Number.isInteger(value) && (value as number) >= FIRST_STEP && (value as number) <= LAST_STEP
  );
}

/**
 * docs/rules/wizard-flow.md: Installation and Payment go back by one step, Confirmation goes back
 * two (past Payment, whose card token is spent, to Installation for a new time); the others go back
 * one. Step 1 has nowhere to go back to.
 */
export function previousStep(step: WizardStep): WizardStep | null {
  if (step === FIRST_STEP) return null;
  return (step === LAST_STEP ? step - 2 : step - 1) as WizardStep;
}

export function nextStep(step: WizardStep): WizardStep | null {
  return step === LAST_STEP ? null : ((step + 1) as WizardStep);
}

/** What the wizard knows, summarised; each flag comes from the rule that owns it. */
export interface WizardSummary {
  step: WizardStep;
  /** The address lookup said available and 'View plans' is offered (not commercial). */
  addressServiceable: boolean;
  planChosen: boolean;
  routerChosen: boolean;
  contactValid: boolean;
  /** Unit rules pass (they pass by themselves for buildings that are not MDUs). */
  unitValid: boolean;
  reservation: Pick<Reservation, 'expires_at'> | null;
  cardToken: string | null;
}

/** Why the visitor may not move on: the first missing thing, in step order. */
export type Blocker = 'address' | 'plan' | 'contact' | 'unit' | 'reservation' | 'card';

export interface Allowed {
  next: WizardStep | null;
  back: WizardStep | null;
  blockedBy: Blocker | null;
}

/**
 * A hold counts until the instant it expires; at expires_at it is gone
 * (docs/rules/installation-and-holds.md).
 */
export function isHoldActive(
  reservation: Pick<Reservation, 'expires_at'> | null,
  now: Date | number,
): boolean {
  if (!reservation) return false;
  return toInstant(now).getTime() < toInstant(reservation.expires_at).getTime();
}

/** Entry N - 1 is step N's own check; leaving step N needs the checks of steps 1..N. */
const checks: readonly [Blocker, (s: WizardSummary, now: Date | number) => boolean][] = [
  ['address', (s) => s.addressServiceable],
  ['plan', (s) => s.planChosen && s.routerChosen],
  ['contact', (s) => s.contactValid],
  ['unit', (s) => s.unitValid],
  ['reservation', (s, now) => isHoldActive(s.reservation, now)],
  ['card', (s) => Boolean(s.cardToken)],
];

/**
 * What the visitor may do next, derived from state (docs/rules/wizard-flow.md) rather than set by hand. The checks
 * are cumulative: if a later change undoes an earlier one (the hold expires while paying), moving
 * on is blocked until it is fixed, instead of sending an order the server must refuse with 409.
 */
export function nextAllowed(summary: WizardSummary, now: Date | number): Allowed {
  const back = previousStep(summary.step);
  const next = nextStep(summary.step);
  if (next === null) return { next, back, blockedBy: null };
  const failed = checks.slice(0, summary.step).find(([, passes]) => !passes(summary, now));
  return failed ? { next: null, back, blockedBy: failed[0] } : { next, back, blockedBy: null };
}
