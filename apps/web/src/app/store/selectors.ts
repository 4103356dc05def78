import {
  filterPlans,
  isServiceable,
  nextAllowed,
  showsViewPlans,
  visiblePlans,
  type Address,
  type Allowed,
  type BuildingAccess,
  type DomainConfig,
  type Plan,
  type Router,
  type WizardStep,
  type WizardSummary,
} from '@fibre/domain';
import type { WizardState } from './state.ts';

/*
 * Which plans a building is offered and which is popular are the catalogue's rules: selectors that
 * need them take the public config's `domain` (useConfig().domain) as `rules`.
 */
type PlanRules = Pick<DomainConfig, 'hiddenPlanIdParts'>;

/** What the plan rules need to know about the building. */
export function buildingAccess(address: Address | null): BuildingAccess {
  return { lit: address?.status === 'LIT', greenfield: address?.greenfield ?? false };
}

/** The plans this building is offered, slowest first. */
export const offeredPlans = (state: WizardState, rules: PlanRules): Plan[] =>
  visiblePlans(state.plans.items, buildingAccess(state.address.value), rules);

/** The offered plans under the All Plans / Most Popular toggle. */
export const shownPlans = (
  state: WizardState,
  rules: PlanRules & Pick<DomainConfig, 'popularPlanIds'>,
): Plan[] => filterPlans(offeredPlans(state, rules), state.plans.filter, rules);

export const selectedPlan = (state: WizardState, rules: PlanRules): Plan | null =>
  offeredPlans(state, rules).find((plan) => plan.id === state.plans.selectedId) ?? null;

export const selectedRouter = (state: WizardState): Router | null =>
  state.routers.items.find((router) => router.id === state.routers.selectedId) ?? null;

/** The store, summarised for the domain's step model. */
export function wizardSummary(
  state: WizardState,
  rules: PlanRules,
  step: WizardStep = state.step,
): WizardSummary {
  const address = state.address.value;
  return {
    step,
    addressServiceable:
      address !== null && isServiceable(address.status) && showsViewPlans(address),
    planChosen: selectedPlan(state, rules) !== null,
    routerChosen: selectedRouter(state) !== null,
    // Saved only once the contact step's schema passed, and cleared by nothing but a new visit.
    contactValid: state.signup.contact !== null,
    unitValid: state.signup.connectionConfirmed,
    reservation: state.reservations.reservation,
    cardToken: state.signup.cardToken,
  };
}

/** What the visitor may do next (docs/rules/wizard-flow.md), derived by the domain's step model. */
export const allowed = (state: WizardState, now: Date | number, rules: PlanRules): Allowed =>
  nextAllowed(wizardSummary(state, rules), now);

/**
 * The furthest step up to `wanted` that the state supports: a reload resumes on the step it left,
 * unless what that step needs is gone (plans still loading count as chosen once loaded).
 */
export function reachableStep(
  state: WizardState,
  wanted: WizardStep,
  now: Date | number,
  rules: PlanRules,
) {
  let step: WizardStep = 1;
  while (step < wanted) {
    const next: WizardStep | null = nextAllowed(wizardSummary(state, rules, step), now).next;
    if (next === null) break;
    step = next;
  }
  return step;
}
