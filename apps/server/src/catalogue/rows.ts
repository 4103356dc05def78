import type { Plan, Router } from '@fibre/domain/api';
import {
  COUPON_TYPES,
  WEEKDAYS,
  type BuildingSpec,
  type CampaignSpec,
  type CouponSpec,
  type PlanSpec,
  type ProviderCatalogue,
  type RouterSpec,
  planFromSpec,
  routerFromSpec,
} from '@fibre/domain/catalogue';
import { AU_STATES, type AuState } from '@fibre/domain/shared';

/**
 * The relational rows a catalogue file stands for (migrations 001, 003 and 008): pure, so the
 * import and the tests agree on ids and formats. Money is stored in cents.
 */

const cents = (dollars: number) => Math.round(dollars * 100);

export const buildingId = (code: string) => `bld-${code.toLowerCase()}`;

/** '100 Harris Street, Pyrmont NSW 2009': how the address index and the lookups write it. */
export function formattedAddress(a: BuildingSpec['address']): string {
  return `${a.street_number} ${a.street}, ${a.suburb} ${a.state} ${a.postcode}`;
}

export function buildingRow(b: BuildingSpec) {
  return {
    id: buildingId(b.code),
    code: b.code,
    formatted_address: formattedAddress(b.address),
    street_number: b.address.street_number,
    street: b.address.street,
    suburb: b.address.suburb,
    state: b.address.state,
    postcode: b.address.postcode,
    status: b.status,
    building_class: b.class,
    building_category: b.category,
    building_type: b.type,
    is_slave: b.master !== undefined,
    master_building_id: b.master === undefined ? null : buildingId(b.master),
    units: b.units ?? [],
    campaign_id: b.campaign ?? null,
    retired_at: null,
  };
}

/** A plan's row: the plans answer's fields (planFromSpec, the one file-to-answer mapping) as columns. */
export function planRow(p: PlanSpec, rsp: string) {
  const plan = planFromSpec(p, rsp);
  return {
    id: plan.id,
    rsp: plan.rsp,
    name: plan.name,
    speed: plan.speed,
    busy_hour_speed: plan.busyHourSpeed,
    cost_cents: cents(Number(plan.cost)),
    description1: plan.description1,
    address_lit: plan.addressLIT,
    address_non_lit: plan.addressNonLIT,
    cis_url: plan.cisUrl,
    retired_at: null,
  };
}

/** A stored plan row, retired or not: what planRow writes. */
export type PlanRow = Omit<ReturnType<typeof planRow>, 'retired_at'>;

/**
 * The one row-to-Plan mapping: the row back to the file's spec, then the file's own spec-to-Plan
 * mapping (planFromSpec). Only what an order placed before its sold record reads (catalogue/sold.ts,
 * docs/rules/orders.md#what-an-order-was-sold): a new plan field gets no column, and a required one
 * only its value for those orders here (docs/rules/README.md#a-new-plan-field).
 */
export function planFromRow(r: PlanRow): Plan {
  const spec: PlanSpec = {
    id: r.id,
    name: r.name,
    speed: r.speed,
    busy_hour_speed: r.busy_hour_speed,
    monthly: r.cost_cents / 100,
    description: r.description1,
    lit: r.address_lit,
    non_lit: r.address_non_lit,
    cis_url: r.cis_url,
  };
  return planFromSpec(spec, r.rsp);
}

/** A router's row: the routers answer's fields (routerFromSpec) as columns. */
export function routerRow(r: RouterSpec, rsp: string) {
  const router = routerFromSpec(r, rsp);
  return {
    id: router.id,
    rsp: router.rsp,
    name: router.name,
    cost_cents: cents(Number(router.cost)),
    description1: router.description1,
    description2: router.description2,
    retired_at: null,
  };
}

/** A stored router row, retired or not: what routerRow writes. */
export type RouterRow = Omit<ReturnType<typeof routerRow>, 'retired_at'>;

/** The one row-to-Router mapping, through the file's own (routerFromSpec), as planFromRow. */
export function routerFromRow(r: RouterRow): Router {
  const spec: RouterSpec = {
    id: r.id,
    name: r.name,
    monthly: r.cost_cents / 100,
    description: r.description1,
    period: r.description2,
  };
  return routerFromSpec(spec, r.rsp);
}

export function couponRow(c: CouponSpec, rsp: string) {
  return {
    coupon_id: c.code,
    rsp,
    coupon_type: COUPON_TYPES[c.type],
    period: c.months,
    period_unit: 'month',
    dollar_amount: c.dollars === undefined ? null : cents(c.dollars),
    percentage: c.percent ?? null,
    plan_ids: c.plans ?? [],
    only_postcode: c.postcode ?? null,
    only_suburb: c.suburb ?? null,
    retired_at: null,
  };
}

export function campaignRow(c: CampaignSpec, rsp: string) {
  return {
    id: c.id,
    rsp,
    name: c.name,
    terms: c.terms,
    coupon_code: c.coupon,
    months_free: c.months_free,
    starts: c.starts,
    ends: c.ends,
    retired_at: null,
  };
}

const minuteOf = (hhmm: string) => {
  const [h = '0', m = '0'] = hhmm.split(':');
  return Number(h) * 60 + Number(m);
};

/** A state's capacity N is crews crew-<state>-1 .. N, each working the state's shift. */
export function crewRows(c: ProviderCatalogue) {
  return Object.entries(c.crews).flatMap(([state, spec]) => {
    if (!spec) return [];
    const [start = '', end = ''] = spec.shift.split('-');
    return Array.from({ length: spec.capacity }, (_, i) => ({
      id: `crew-${state.toLowerCase()}-${i + 1}`,
      state,
      name: `${state} crew ${i + 1}`,
      // ISO weekdays: Mon = 1 ... Sun = 7.
      working_days: spec.days.map((d) => WEEKDAYS.indexOf(d) + 1),
      shift_start_minute: minuteOf(start),
      shift_end_minute: minuteOf(end),
      window_minutes: spec.window_minutes,
      active: true,
    }));
  });
}

/** A holiday closes its states' whole day; a crew day off takes crews out (default one). */
export function closureRows(c: ProviderCatalogue) {
  const holidays = c.closures.holidays.flatMap((h) =>
    (h.states === 'all' ? AU_STATES : h.states).map((state: AuState) => ({
      state,
      day: h.date,
      crews_off: null,
      name: h.name,
    })),
  );
  const daysOff = c.closures.crew_days_off.map((d) => ({
    state: d.state,
    day: d.date,
    crews_off: d.crews ?? 1,
    name: 'crew day off',
  }));
  return [...holidays, ...daysOff];
}
