import { toInstant } from '../shared/instant.ts';

/**
 * The wizard's steps (docs/rules/wizard-flow.md), in order, each keyed by its name. The step lives
 * in state, not in the URL. Everything derived from a step (its progress label, its analytics page
 * name, next and back, the checks to leave it, whether finish later is offered, the API's lists of
 * saved steps and funnel steps) comes from this table, so a step is added here and in the places
 * the type checker then names (docs/rules/README.md, "A new step"). This file imports no other
 * subject: the API's schemas import it.
 */

/** A hold as the wizard checks it: when it expires (api/scheduling.ts reservationAnswer). */
interface HeldUntil {
  expires_at: string;
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
  reservation: HeldUntil | null;
  cardToken: string | null;
}

/** Why the visitor may not move on: the first missing thing, in step order. */
export type Blocker = 'address' | 'plan' | 'contact' | 'unit' | 'reservation' | 'card';

type Check = readonly [Blocker, (s: WizardSummary, now: Date | number) => boolean];

interface StepDefinition {
  readonly id: string;
  /** The spec's name for the step. */
  readonly name: string;
  /** Its label on the progress bar, or null where the bar is not shown (the address step). */
  readonly progressLabel: string | null;
  /**
   * The page name pushed to the analytics data layer. Paired by meaning, not by position: the
   * contact step has no name of its own and pushes 'Connection Details' (the contact form and the
   * unit form together are the connection's details, both feeding the one scheduling record), and
   * the confirmation pushes 'Confirm Order' ('Paid' is not a step: PAID_PAGE_NAME).
   */
  readonly pageName: string;
  /**
   * The number the analytics data layer carries beside the page name: the tag-manager container's
   * triggers read it, so each step's is fixed for good (1 to 7 for the spec's seven). A new step
   * takes the next unused number, whatever its place, and the container learns it.
   */
  readonly analyticsStep: number;
  /** The step's own check: leaving a step needs its check and every earlier step's. */
  readonly check: Check | null;
  /**
   * A sign-up may be saved at this step and resumes there (docs/rules/mail.md#finish-later; the
   * API takes FINISH_LATER_STEPS, api/finish-later-input.ts): from the contact step on, once the email is known. The
   * button is the step's own (each of contact, connection details, installation and payment
   * renders <FinishLater/>); the confirmation is saved and resumed but shows none.
   */
  readonly finishLater: boolean;
  /**
   * Where Back goes: 'previous' (the step before), a step by id, or null (nowhere). The
   * confirmation goes back past Payment, whose card token is spent, to Installation for a new time.
   */
  readonly back: 'previous' | string | null;
}

export const wizardSteps = [
  {
    id: 'address',
    name: 'Check Address',
    progressLabel: null,
    pageName: 'Check Address',
    analyticsStep: 1,
    check: ['address', (s) => s.addressServiceable],
    finishLater: false,
    back: null,
  },
  {
    id: 'plans',
    name: 'Build Plan',
    progressLabel: 'Build your plan',
    pageName: 'Build Plan',
    analyticsStep: 2,
    check: ['plan', (s) => s.planChosen && s.routerChosen],
    finishLater: false,
    back: 'previous',
  },
  {
    id: 'contact',
    name: 'Contact info',
    progressLabel: 'Contact info',
    pageName: 'Connection Details',
    analyticsStep: 3,
    check: ['contact', (s) => s.contactValid],
    finishLater: true,
    back: 'previous',
  },
  {
    id: 'connection',
    name: 'Connection details',
    progressLabel: 'Connection details',
    pageName: 'Connection Details',
    analyticsStep: 4,
    check: ['unit', (s) => s.unitValid],
    finishLater: true,
    back: 'previous',
  },
  {
    id: 'installation',
    name: 'Installation',
    progressLabel: 'Installation',
    pageName: 'Installation',
    analyticsStep: 5,
    check: ['reservation', (s, now) => isHoldActive(s.reservation, now)],
    finishLater: true,
    back: 'previous',
  },
  {
    id: 'payment',
    name: 'Payment',
    progressLabel: 'Payment',
    pageName: 'Payment',
    analyticsStep: 6,
    check: ['card', (s) => Boolean(s.cardToken)],
    finishLater: true,
    back: 'previous',
  },
  {
    id: 'confirmation',
    name: 'Confirmation',
    progressLabel: 'Confirm order',
    pageName: 'Confirm Order',
    analyticsStep: 7,
    check: null,
    finishLater: true,
    back: 'installation',
  },
] as const satisfies readonly StepDefinition[];

type Definition = (typeof wizardSteps)[number];

export type WizardStep = Definition['id'];

export const FIRST_STEP = wizardSteps[0].id;

/** The steps' ids, in order. */
export const WIZARD_STEPS: readonly WizardStep[] = wizardSteps.map((s) => s.id);
const stepIds = WIZARD_STEPS;

function definition(step: WizardStep): Definition {
  return wizardSteps[stepIds.indexOf(step)]!;
}

/** The step's name (docs/rules/wizard-flow.md: steps). */
export function stepName(step: WizardStep): Definition['name'] {
  return definition(step).name;
}

/** The analytics page name the step pushes (see StepDefinition.pageName). */
export function analyticsPageName(step: WizardStep): Definition['pageName'] {
  return definition(step).pageName;
}

/**
 * The step's number in the analytics data layer (StepDefinition.analyticsStep; apps/web
 * wizard/analytics/data-layer.ts). The wizard itself never reads a step by number.
 */
export function analyticsStepNumber(step: WizardStep): Definition['analyticsStep'] {
  return definition(step).analyticsStep;
}

/** Whether `step` comes before `other` in the wizard. */
export function isBefore(step: WizardStep, other: WizardStep): boolean {
  return stepIds.indexOf(step) < stepIds.indexOf(other);
}

/** Pushed when the confirmation shows success (see StepDefinition.pageName). */
export const PAID_PAGE_NAME = 'Paid';

type Labelled = Extract<Definition, { progressLabel: string }>;

/** The progress bar's labels, in order, shown from the first step that has one (docs/rules/wizard-flow.md). */
export const progressLabels = wizardSteps
  .filter((s): s is Labelled => s.progressLabel !== null)
  .map((s) => s.progressLabel);

export type ProgressLabel = Labelled['progressLabel'];

export interface ProgressItem {
  label: ProgressLabel;
  state: 'done' | 'current' | 'upcoming';
}

/** The progress bar for a step, or null on a step that shows none (the address step). */
export function progressFor(step: WizardStep): ProgressItem[] | null {
  const own = definition(step).progressLabel;
  if (own === null) return null;
  const current = progressLabels.indexOf(own);
  return progressLabels.map((label, index) => ({
    label,
    state: index < current ? 'done' : index === current ? 'current' : 'upcoming',
  }));
}

export function isWizardStep(value: unknown): value is WizardStep {
  return typeof value === 'string' && stepIds.includes(value as WizardStep);
}

type FinishLaterDefinition = Extract<Definition, { finishLater: true }>;

/** The steps finish later is offered on, in order (docs/rules/mail.md#finish-later). */
export const FINISH_LATER_STEPS = wizardSteps
  .filter((s): s is FinishLaterDefinition => s.finishLater)
  .map((s) => s.id);

export type FinishLaterStep = FinishLaterDefinition['id'];

/**
 * docs/rules/wizard-flow.md: Installation and Payment go back by one step, Confirmation goes back
 * two (past Payment, whose card token is spent, to Installation for a new time); the others go back
 * one. The address step has nowhere to go back to.
 */
export function previousStep(step: WizardStep): WizardStep | null {
  const { back } = definition(step);
  if (back === 'previous') return stepIds[stepIds.indexOf(step) - 1] ?? null;
  return back;
}

export function nextStep(step: WizardStep): WizardStep | null {
  return stepIds[stepIds.indexOf(step) + 1] ?? null;
}

export interface Allowed {
  next: WizardStep | null;
  back: WizardStep | null;
  blockedBy: Blocker | null;
}

/**
 * A hold counts until the instant it expires; at expires_at it is gone
 * (docs/rules/installation-and-holds.md).
 */
export function isHoldActive(reservation: HeldUntil | null, now: Date | number): boolean {
  if (!reservation) return false;
  return toInstant(now).getTime() < toInstant(reservation.expires_at).getTime();
}

/**
 * What the visitor may do next, derived from state (docs/rules/wizard-flow.md) rather than set by hand. The checks
 * are cumulative: if a later change undoes an earlier one (the hold expires while paying), moving
 * on is blocked until it is fixed, instead of sending an order the server must refuse with 409.
 */
export function nextAllowed(summary: WizardSummary, now: Date | number): Allowed {
  const back = previousStep(summary.step);
  const next = nextStep(summary.step);
  if (next === null) return { next, back, blockedBy: null };
  const upTo = stepIds.indexOf(summary.step);
  const failed = wizardSteps
    .slice(0, upTo + 1)
    .map((s) => s.check as Check | null)
    .find((check) => check !== null && !check[1](summary, now));
  return failed ? { next: null, back, blockedBy: failed[0] } : { next, back, blockedBy: null };
}
