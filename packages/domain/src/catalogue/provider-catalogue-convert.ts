/**
 * From the provider file to what the rules and the API use: the DomainConfig, plans and routers
 * as the server sends them, and the summary `npm run catalogue -- check` prints (docs/catalogue.md).
 */
import { defaultDomainConfig, type DomainConfig } from '../shared/config.ts';
import { AU_STATES } from '../shared/states.ts';
import {
  CARD_SCHEME_NAMES,
  CARD_SCHEMES,
  NO_CARD_FEES,
  type CardFees,
  type CardScheme,
} from '../shared/card-schemes.ts';
import type { PlanSpec, ProviderCatalogue, RouterSpec } from './provider-catalogue-schema.ts';
import type { Plan, Router } from '../api/catalogue.ts';

export function domainConfigFromCatalogue(c: ProviderCatalogue): DomainConfig {
  return {
    provider: c.provider.code,
    rejectedCouponCodes: [...c.rejected_coupon_codes],
    // Geocoding corrections belong to the address index, not to a provider's file.
    postcodeOverrides: defaultDomainConfig.postcodeOverrides,
    staticIpMonthly: c.add_ons.static_ip.monthly,
    newDevelopmentCharge: c.fees.new_development,
    cardFees: cardFeesFromCatalogue(c.fees.card),
    defaultPlanId: c.default_plan,
    popularPlanIds: [...c.popular_plans],
    hiddenPlanIdParts: [...c.hidden_plan_id_parts],
  };
}

/**
 * Each scheme's fee; a scheme the file does not name carries none. A document stored before
 * `fees.card` existed (it had `card_surcharge_percent`, read back from the database without a
 * second check) has none: it is served with no card fee on any scheme, the lawful reading of a
 * flat rate that eftpos, Mastercard and Visa now forbid (docs/catalogue.md).
 */
export function cardFeesFromCatalogue(
  card: ProviderCatalogue['fees']['card'] | undefined,
): CardFees {
  return Object.fromEntries(
    CARD_SCHEMES.map((scheme) => {
      const fee = card?.[scheme];
      return [
        scheme,
        {
          percent: fee?.percent ?? 0,
          cap: fee?.cap ?? null,
          words: fee?.words ?? NO_CARD_FEES[scheme].words,
        },
      ];
    }),
  ) as unknown as CardFees;
}

/** Costs travel as strings of dollars with cents, as the server has always sent them ('79.00'). */
const dollars = (amount: number) => amount.toFixed(2);

export function planFromSpec(spec: PlanSpec, rsp: string): Plan {
  return {
    id: spec.id,
    name: spec.name,
    speed: spec.speed,
    cost: dollars(spec.monthly),
    description1: spec.description,
    rsp,
    addressLIT: spec.lit,
    addressNonLIT: spec.non_lit,
    busyHourSpeed: spec.busy_hour_speed,
    cisUrl: spec.cis_url,
  };
}

/** A free router's cost is '0', the bring-your-own marker (docs/rules/plans-and-pricing.md). */
export function routerFromSpec(spec: RouterSpec, rsp: string): Router {
  return {
    id: spec.id,
    name: spec.name,
    cost: spec.monthly === 0 ? '0' : dollars(spec.monthly),
    description1: spec.description,
    description2: spec.period,
    rsp,
  };
}

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** '2026-01-01 to 2027-12-31 (NSW 27, VIC 29, ...)': days closed per state, each day once. */
function holidayLine(holidays: ProviderCatalogue['closures']['holidays']): string {
  if (holidays.length === 0) return 'no public holidays';
  const dates = holidays.map((h) => h.date).sort();
  const perState = AU_STATES.flatMap((state) => {
    const days = new Set(
      holidays.filter((h) => h.states === 'all' || h.states.includes(state)).map((h) => h.date),
    );
    return days.size === 0 ? [] : [`${state} ${days.size}`];
  });
  return `public holidays ${dates[0]} to ${dates.at(-1)} (${perState.join(', ')})`;
}

/** 'documents: terms 2026-07, privacy 2026-03; CIS versions for 7 of 7 plans'. */
function documentsLine(c: ProviderCatalogue): string {
  const named = (kind: 'terms' | 'privacy') => {
    const doc = c.documents?.[kind];
    return doc ? `${kind} ${doc.version}` : `no ${kind}`;
  };
  const versioned = c.plans.filter((p) => p.cis_version !== undefined).length;
  return `documents: ${named('terms')}, ${named('privacy')}; CIS versions for ${versioned} of ${c.plans.length} plans`;
}

/** 'card fees: American Express 1.5%; none on Visa, Mastercard, eftpos, ...'. */
function cardFeesLine(fees: CardFees): string {
  const name = (scheme: CardScheme) => CARD_SCHEME_NAMES[scheme];
  const rate = (scheme: CardScheme) => {
    const { percent, cap } = fees[scheme];
    return `${name(scheme)} ${percent}%${cap === null ? '' : ` (at most $${cap})`}`;
  };
  const charged = CARD_SCHEMES.filter((scheme) => fees[scheme].percent > 0);
  const free = CARD_SCHEMES.filter((scheme) => fees[scheme].percent === 0).map(name);
  return `card fees: ${charged.length === 0 ? 'none' : charged.map(rate).join(', ')}${free.length > 0 ? `; none on ${free.join(', ')}` : ''}`;
}

/** A few lines saying what the file holds. */
export function summariseCatalogue(c: ProviderCatalogue): string[] {
  const states = AU_STATES.filter((state) => c.crews[state] !== undefined);
  return [
    `provider ${c.provider.code}: ${c.provider.name}`,
    `${count(c.plans.length, 'plan')} (default ${c.default_plan}), ${count(c.routers.length, 'router')}`,
    `${count(c.buildings.length, 'building')}, ${count(c.coupons.length, 'coupon')}, ${count(c.campaigns.length, 'campaign')}`,
    cardFeesLine(cardFeesFromCatalogue(c.fees.card)),
    `crews in ${states.length === 0 ? 'no state' : states.join(', ')}`,
    holidayLine(c.closures.holidays),
    count(c.closures.crew_days_off.length, 'crew day off', 'crew days off'),
    documentsLine(c),
  ];
}
