import { isServiceable, showsViewPlans, type Address } from '@fibre/domain/address';
import type { Plan, Router } from '@fibre/domain/api';
import {
  defaultPlan,
  filterPlans,
  visiblePlans,
  type BuildingAccess,
} from '@fibre/domain/catalogue';
import type { DomainConfig } from '@fibre/domain/shared';
import {
  FIRST_STEP,
  isBefore,
  nextAllowed,
  type Allowed,
  type WizardStep,
  type WizardSummary,
} from '@fibre/domain/wizard';
import type { WizardState } from './state.ts';

/*
 * The store holds the visitor's choices; the plans and routers they choose from are the query
 * cache's (wizard/catalogue), passed in here. Which plans a building is offered, which is the default
 * and which are popular are the catalogue's rules: selectors that need them take the public
 * config's `domain` (useConfig().domain) as `rules`.
 */
type PlanRules = Pick<DomainConfig, 'hiddenPlanIdParts'>;

/** What the plan rules need to know about the building. */
export function buildingAccess(address: Address | null): BuildingAccess {
  return { lit: address?.status === 'LIT', greenfield: address?.greenfield ?? false };
}

/** The plans this building is offered, slowest first. */
export const offeredPlans = (
  state: WizardState,
  plans: readonly Plan[],
  rules: PlanRules,
): Plan[] => visiblePlans(plans, buildingAccess(state.address.value), rules);

/** The offered plans under the All Plans / Most Popular toggle. */
export const shownPlans = (
  state: WizardState,
  plans: readonly Plan[],
  rules: PlanRules & Pick<DomainConfig, 'popularPlanIds'>,
): Plan[] => filterPlans(offeredPlans(state, plans, rules), state.plans.filter, rules);

/**
 * The chosen plan: the visitor's if the building is offered it, otherwise the catalogue's default
 * plan ('Boost 100' for the demo; docs/rules/plans-and-pricing.md).
 */
export function selectedPlan(
  state: WizardState,
  plans: readonly Plan[],
  rules: PlanRules & Pick<DomainConfig, 'defaultPlanId'>,
): Plan | null {
  const offered = offeredPlans(state, plans, rules);
  return (
    offered.find((plan) => plan.id === state.plans.selectedId) ??
    defaultPlan(offered, rules) ??
    null
  );
}

export const selectedRouter = (state: WizardState, routers: readonly Router[]): Router | null =>
  routers.find((router) => router.id === state.routers.selectedId) ?? null;

/**
 * The store, summarised for the domain's step model. A plan and a router count as chosen once the
 * store holds them: Add to cart records the plan shown as selected (docs/rules/plans-and-pricing.md),
 * so the step model needs no catalogue.
 */
export function wizardSummary(state: WizardState, step: WizardStep = state.step): WizardSummary {
  const address = state.address.value;
  return {
    step,
    addressServiceable:
      address !== null && isServiceable(address.status) && showsViewPlans(address),
    planChosen: state.plans.selectedId !== null,
    routerChosen: state.routers.selectedId !== null,
    // Saved only once the contact step's schema passed, and cleared by nothing but a new visit.
    contactValid: state.signup.contact !== null,
    unitValid: state.signup.connectionConfirmed,
    reservation: state.reservations.reservation,
    cardToken: state.signup.cardToken,
  };
}

/** What the visitor may do next (docs/rules/wizard-flow.md), derived by the domain's step model. */
export const allowed = (state: WizardState, now: Date | number): Allowed =>
  nextAllowed(wizardSummary(state), now);

/**
 * The furthest step up to `wanted` that the state supports: a reload resumes on the step it left,
 * unless what that step needs is gone.
 */
export function reachableStep(state: WizardState, wanted: WizardStep, now: Date | number) {
  let step: WizardStep = FIRST_STEP;
  while (isBefore(step, wanted)) {
    const next: WizardStep | null = nextAllowed(wizardSummary(state, step), now).next;
    if (next === null) break;
    step = next;
  }
  return step;
}
