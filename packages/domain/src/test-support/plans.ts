/**
 * Plans and routers for tests, in both their shapes: as the provider file writes them
 * (`planSpec`, `routerSpec`: catalogue/demo.yaml's Boost 100 and Wi-Fi 6 Router, docs/catalogue.md)
 * and as the API answers them (`plan`, `router`: the same, through the file-to-answer mapping).
 * A test passes only the fields it is about; a new field of a plan is written here once.
 */
import type { Plan, Router } from '../api/catalogue.ts';
import { planFromSpec, routerFromSpec } from '../catalogue/provider-catalogue-convert.ts';
import type { PlanSpec, RouterSpec } from '../catalogue/provider-catalogue-schema.ts';

/** A complete, valid plan of the provider file; no CIS version or SHA-256 unless given. */
export function planSpec(overrides: Partial<PlanSpec> = {}): PlanSpec {
  return {
    id: 'boost-100',
    name: 'Boost 100',
    speed: 100,
    busy_hour_speed: 95,
    monthly: 79,
    description: 'Our most popular plan for busy homes',
    lit: true,
    non_lit: true,
    cis_url: 'https://demofibre.example/cis/boost-100.pdf',
    ...overrides,
  };
}

/** A plan as GET /api/v1/public/plans answers it: `planSpec()`'s, the demo's, with `overrides`. */
export function plan(overrides: Partial<Plan> = {}): Plan {
  return { ...planFromSpec(planSpec(), 'demo'), ...overrides };
}

/** A complete, valid router of the provider file. */
export function routerSpec(overrides: Partial<RouterSpec> = {}): RouterSpec {
  return {
    id: 'wifi6',
    name: 'Wi-Fi 6 Router',
    monthly: 10,
    description: 'Dual-band Wi-Fi 6 for apartments',
    period: 'per month',
    ...overrides,
  };
}

/** A router as GET /api/v1/public/routers answers it: `routerSpec()`'s, the demo's, with `overrides`. */
export function router(overrides: Partial<Router> = {}): Router {
  return { ...routerFromSpec(routerSpec(), 'demo'), ...overrides };
}
