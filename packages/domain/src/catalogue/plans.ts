/**
 * Plans and routers: which are shown, how they are ordered and chosen
 * (docs/rules/plans-and-pricing.md).
 */
import type { DomainConfig } from '../shared/config.ts';
import type { Plan, Router } from '../api/catalogue.ts';

export interface BuildingAccess {
  /** The building's status is 'LIT'. */
  lit: boolean;
  greenfield: boolean;
}

export type PlanFilter = 'all' | 'popular';

// Whole dollars or dollars and cents; no sign, no exponent, no thousands separator.
const COST_PATTERN = /^\d+(\.\d{1,2})?$/;

/** A catalogue cost string as dollars, or null when it is not a plain amount. */
export function parseCostOrNull(cost: string): number | null {
  const trimmed = cost.trim();
  return COST_PATTERN.test(trimmed) ? Number(trimmed) : null;
}

/** A catalogue cost string ('79', '79.00') as dollars; a bad catalogue row must fail loudly. */
export function parseCost(cost: string): number {
  const amount = parseCostOrNull(cost);
  if (amount === null) throw new RangeError(`Not a cost in dollars: '${cost}'`);
  return amount;
}

/** Only plans and routers of this provider (their rsp is the provider's own value). */
export function forProvider<T extends { rsp: string }>(items: readonly T[], provider: string): T[] {
  return items.filter((item) => item.rsp === provider);
}

/**
 * docs/rules/plans-and-pricing.md read literally: a greenfield building that is not LIT satisfies
 * both branches, so it is offered the LIT plans and the non-LIT ones ("Greenfield: up to 1GB").
 * A plan whose id contains one of the catalogue's hidden parts is never offered ('350' for the
 * demo).
 */
export function isPlanOffered(
  plan: Plan,
  building: BuildingAccess,
  rules: Pick<DomainConfig, 'hiddenPlanIdParts'>,
): boolean {
  if (rules.hiddenPlanIdParts.some((part) => part !== '' && plan.id.includes(part))) return false;
  const litBranch = (building.lit || building.greenfield) && plan.addressLIT;
  const nonLitBranch = !building.lit && plan.addressNonLIT;
  return litBranch || nonLitBranch;
}

/** Plans the building is offered, slowest first (equal speeds keep the catalogue's order). */
export function visiblePlans(
  plans: readonly Plan[],
  building: BuildingAccess,
  rules: Pick<DomainConfig, 'hiddenPlanIdParts'>,
): Plan[] {
  return plans
    .filter((plan) => isPlanOffered(plan, building, rules))
    .sort((a, b) => a.speed - b.speed);
}

/** The catalogue names its 'Most Popular' plans by id (the demo's: Boost 100 and Streamer 250). */
export function isMostPopular(plan: Plan, rules: Pick<DomainConfig, 'popularPlanIds'>): boolean {
  return rules.popularPlanIds.includes(plan.id);
}

export function filterPlans(
  plans: readonly Plan[],
  filter: PlanFilter,
  rules: Pick<DomainConfig, 'popularPlanIds'>,
): Plan[] {
  return filter === 'popular' ? plans.filter((plan) => isMostPopular(plan, rules)) : [...plans];
}

/** The catalogue's default plan when it is among the plans given, so pass the visible plans. */
export function defaultPlan(
  plans: readonly Plan[],
  rules: Pick<DomainConfig, 'defaultPlanId'>,
): Plan | undefined {
  return plans.find((plan) => plan.id === rules.defaultPlanId);
}

/**
 * Selecting a card makes it the only selected one. Selecting the selected card again keeps it
 * selected: there is no toggling off (docs/rules/plans-and-pricing.md), and an empty choice would
 * silently disable Add to cart.
 */
export function selectCard(_selectedId: string | null | undefined, id: string): string {
  return id;
}

export function isSelected(selectedId: string | null | undefined, id: string): boolean {
  return selectedId === id;
}

/** Cost '0' (any zero amount) means the customer brings their own router. */
export function isBringYourOwn(router: Router): boolean {
  return parseCostOrNull(router.cost) === 0;
}

export function canAddToCart(
  plan: Plan | null | undefined,
  router: Router | null | undefined,
): boolean {
  return plan != null && router != null;
}
