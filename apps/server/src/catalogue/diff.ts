import type { ProviderCatalogue } from '@fibre/domain/catalogue';

/**
 * What an import changes, in words a person checks before trusting it: one line per added,
 * changed or retired thing ('plan boost-100: monthly 79.00 -> 84.00', 'coupon PNBF24: retired').
 * Pure: it compares the stored catalogue document with the new one.
 */

// Keys whose numbers are dollars: shown with cents, as prices are.
const MONEY = new Set(['monthly', 'dollars', 'new_development']);

function show(path: string, value: unknown): string {
  if (value === undefined || value === null) return 'none';
  if (typeof value === 'number' && MONEY.has(path.split('.').at(-1) ?? '')) return value.toFixed(2);
  if (Array.isArray(value)) {
    const items = value.map((v) => (typeof v === 'object' ? canonical(v) : String(v)));
    return `[${items.join(', ')}]`;
  }
  if (typeof value === 'object') return canonical(value);
  return String(value);
}

/** Objects are walked into ('address.street'); arrays and scalars are compared whole. */
function leaves(value: unknown, prefix: string, into: Map<string, unknown>): Map<string, unknown> {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    for (const [key, v] of Object.entries(value)) {
      leaves(v, prefix ? `${prefix}.${key}` : key, into);
    }
  } else {
    into.set(prefix, value);
  }
  return into;
}

// The stored document comes back from jsonb with its keys reordered: compare key order-free.
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    typeof v === 'object' && v !== null && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
const same = (a: unknown, b: unknown) => canonical(a) === canonical(b);

/** 'monthly 79.00 -> 84.00' for each leaf that differs, in the new document's order. */
export function fieldChanges(before: unknown, after: unknown): string[] {
  const a = leaves(before, '', new Map());
  const b = leaves(after, '', new Map());
  const paths = [...new Set([...b.keys(), ...a.keys()])];
  return paths
    .filter((p) => !same(a.get(p), b.get(p)))
    .map((p) => `${p} ${show(p, a.get(p))} -> ${show(p, b.get(p))}`);
}

function keyed<T>(
  kind: string,
  before: readonly T[],
  after: readonly T[],
  key: (item: T) => string,
  dropped = 'retired',
): string[] {
  const old = new Map(before.map((item) => [key(item), item]));
  const lines: string[] = [];
  for (const item of after) {
    const previous = old.get(key(item));
    if (previous === undefined) {
      lines.push(`${kind} ${key(item)}: added`);
      continue;
    }
    const changes = fieldChanges(previous, item);
    if (changes.length > 0) lines.push(`${kind} ${key(item)}: ${changes.join(', ')}`);
  }
  const kept = new Set(after.map(key));
  for (const k of old.keys()) if (!kept.has(k)) lines.push(`${kind} ${k}: ${dropped}`);
  return lines;
}

const crewList = (c: ProviderCatalogue | undefined) =>
  Object.entries(c?.crews ?? {}).map(([state, spec]) => ({ state, ...spec }));

const RULES = [
  'default_plan',
  'popular_plans',
  'hidden_plan_id_parts',
  'add_ons',
  'fees',
  'rejected_coupon_codes',
] as const;

export function catalogueChanges(
  before: ProviderCatalogue | undefined,
  after: ProviderCatalogue,
): string[] {
  const lines: string[] = [];
  if (before === undefined) lines.push(`provider ${after.provider.code}: first catalogue`);
  else {
    lines.push(...fieldChanges(before.provider, after.provider).map((c) => `provider: ${c}`));
    for (const rule of RULES) {
      const changes = fieldChanges({ [rule]: before[rule] }, { [rule]: after[rule] });
      lines.push(...changes.map((c) => `rules: ${c}`));
    }
  }
  const b = before;
  lines.push(
    ...keyed('plan', b?.plans ?? [], after.plans, (p) => p.id),
    ...keyed('router', b?.routers ?? [], after.routers, (r) => r.id),
    ...keyed('coupon', b?.coupons ?? [], after.coupons, (c) => c.code),
    ...keyed('campaign', b?.campaigns ?? [], after.campaigns, (c) => c.id),
    ...keyed('building', b?.buildings ?? [], after.buildings, (x) => x.code),
    ...keyed('crews', crewList(b), crewList(after), (c) => c.state, 'removed'),
    ...keyed(
      'holiday',
      b?.closures.holidays ?? [],
      after.closures.holidays,
      (h) => `${h.date} ${h.name}`,
      'removed',
    ),
    ...keyed(
      'crew day off',
      b?.closures.crew_days_off ?? [],
      after.closures.crew_days_off,
      (d) => `${d.state} ${d.date}`,
      'removed',
    ),
  );
  return lines;
}
