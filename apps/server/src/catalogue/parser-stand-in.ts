import YAML from 'yaml';
import {
  defaultDomainConfig,
  type DomainConfig,
  type Plan,
  type PlanSpec,
  type ProviderCatalogue,
  type Router,
  type RouterSpec,
} from '@fibre/domain';

/*
 * TEMPORARY: the parser contract (packages/domain provider-catalogue.ts) is being written in
 * parallel. These stand-ins have its signatures; once it is on main this file is deleted and the
 * imports point at '@fibre/domain'.
 */

export interface CatalogueIssue {
  line: number | null;
  field: string;
  message: string;
}

export type CatalogueParse =
  { ok: true; catalogue: ProviderCatalogue } | { ok: false; issues: CatalogueIssue[] };

export function parseProviderCatalogue(text: string): CatalogueParse {
  try {
    const value: unknown = YAML.parse(text);
    if (typeof value !== 'object' || value === null || !('provider' in value)) {
      return { ok: false, issues: [{ line: 1, field: 'provider', message: 'is required' }] };
    }
    return { ok: true, catalogue: value as ProviderCatalogue };
  } catch (error) {
    const line = (error as { linePos?: Array<{ line: number }> }).linePos?.[0]?.line ?? null;
    return { ok: false, issues: [{ line, field: '', message: (error as Error).message }] };
  }
}

export function formatCatalogueIssue(issue: CatalogueIssue, file: string): string {
  return `${file}${issue.line === null ? '' : `:${issue.line}`} ${issue.field}: ${issue.message}`;
}

export function domainConfigFromCatalogue(c: ProviderCatalogue): DomainConfig {
  return {
    provider: c.provider.code,
    rejectedCouponCodes: c.rejected_coupon_codes,
    postcodeOverrides: defaultDomainConfig.postcodeOverrides,
    staticIpMonthly: c.add_ons.static_ip.monthly,
    newDevelopmentCharge: c.fees.new_development,
    cardFeeRate: c.fees.card_surcharge_percent / 100,
    defaultPlanId: c.default_plan,
    popularPlanIds: c.popular_plans,
    hiddenPlanIdParts: c.hidden_plan_id_parts,
  };
}

export function planFromSpec(spec: PlanSpec, rsp: string): Plan {
  return {
    id: spec.id,
    name: spec.name,
    speed: spec.speed,
    cost: spec.monthly.toFixed(2),
    description1: spec.description,
    rsp,
    addressLIT: spec.lit,
    addressNonLIT: spec.non_lit,
    busyHourSpeed: spec.busy_hour_speed,
    cisUrl: spec.cis_url,
  };
}

export function routerFromSpec(spec: RouterSpec, rsp: string): Router {
  return {
    id: spec.id,
    name: spec.name,
    cost: spec.monthly === 0 ? '0' : spec.monthly.toFixed(2),
    description1: spec.description,
    description2: spec.period,
    rsp,
  };
}

export function summariseCatalogue(c: ProviderCatalogue): string[] {
  return [
    `provider ${c.provider.code} (${c.provider.name})`,
    `${c.plans.length} plans, ${c.routers.length} routers, ${c.buildings.length} buildings, ${c.coupons.length} coupons, ${c.campaigns.length} campaigns`,
    `crews in ${Object.keys(c.crews).join(', ')}`,
    `${c.closures.holidays.length} holidays`,
  ];
}
