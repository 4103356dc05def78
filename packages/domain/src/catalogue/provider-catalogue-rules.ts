/**
 * The provider file's rules between values (docs/catalogue.md, "Rules across the file"): unique
 * ids, names that must point at something, one value against another. They read the file as YAML
 * gave it, not the schema's output, so a file with a wrong type somewhere still hears about every
 * dangling name too: a value of the wrong type is simply not compared (the schema reports it).
 */
import { dateText, isCalendarDate } from './provider-catalogue-fields.ts';
import { AU_STATES } from '../shared/states.ts';

export type CataloguePath = (string | number)[];
export interface PathIssue {
  path: CataloguePath;
  message: string;
}

type Entry = Record<string, unknown>;

function isEntry(value: unknown): value is Entry {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The list under `key` as [entry, index] pairs, skipping anything that is not a map. */
function entries(parent: unknown, key: string): [Entry, number][] {
  const list = isEntry(parent) ? parent[key] : undefined;
  if (!Array.isArray(list)) return [];
  return list.flatMap((item: unknown, index) => (isEntry(item) ? [[item, index]] : []));
}

const textOf = (value: unknown) => (typeof value === 'string' ? value : undefined);
const numberOf = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

function texts(parent: unknown, key: string): [string, number][] {
  const list = isEntry(parent) ? parent[key] : undefined;
  if (!Array.isArray(list)) return [];
  return list.flatMap((item: unknown, index) => (typeof item === 'string' ? [[item, index]] : []));
}

const LISTS_WITH_IDS = [
  ['plans', 'id'],
  ['routers', 'id'],
  ['buildings', 'code'],
  ['coupons', 'code'],
  ['campaigns', 'id'],
] as const;

function uniqueIds(file: unknown, issues: PathIssue[]): void {
  for (const [list, idKey] of LISTS_WITH_IDS) {
    const first = new Map<string, number>();
    for (const [entry, index] of entries(file, list)) {
      const id = textOf(entry[idKey]);
      if (id === undefined) continue;
      const earlier = first.get(id);
      if (earlier === undefined) first.set(id, index);
      else
        issues.push({
          path: [list, index, idKey],
          message: `repeats ${list}[${earlier}].${idKey} '${id}'`,
        });
    }
  }
}

function idsOf(file: unknown, list: string, idKey: string): Set<string> {
  return new Set(entries(file, list).flatMap(([entry]) => textOf(entry[idKey]) ?? []));
}

function namedPlans(file: unknown, issues: PathIssue[]): void {
  const plans = idsOf(file, 'plans', 'id');
  const hiddenParts = texts(file, 'hidden_plan_id_parts').map(([part]) => part);
  const defaultPlan = isEntry(file) ? textOf(file.default_plan) : undefined;
  if (defaultPlan !== undefined) {
    const hiddenBy = hiddenParts.find((part) => part !== '' && defaultPlan.includes(part));
    if (!plans.has(defaultPlan))
      issues.push({ path: ['default_plan'], message: `names no plan in plans: '${defaultPlan}'` });
    else if (hiddenBy !== undefined)
      issues.push({
        path: ['default_plan'],
        message: `is never shown: its id contains '${hiddenBy}' of hidden_plan_id_parts`,
      });
  }
  for (const [id, index] of texts(file, 'popular_plans'))
    if (!plans.has(id))
      issues.push({ path: ['popular_plans', index], message: `names no plan in plans: '${id}'` });
  for (const [coupon, index] of entries(file, 'coupons'))
    for (const [id, at] of texts(coupon, 'plans'))
      if (!plans.has(id))
        issues.push({
          path: ['coupons', index, 'plans', at],
          message: `names no plan in plans: '${id}'`,
        });
}

function namedOffers(file: unknown, issues: PathIssue[]): void {
  const coupons = idsOf(file, 'coupons', 'code');
  for (const [campaign, index] of entries(file, 'campaigns')) {
    const code = textOf(campaign.coupon);
    if (code !== undefined && !coupons.has(code))
      issues.push({
        path: ['campaigns', index, 'coupon'],
        message: `names no coupon in coupons: '${code}'`,
      });
    const starts = dateText(campaign.starts);
    const ends = dateText(campaign.ends);
    if (
      typeof starts === 'string' &&
      typeof ends === 'string' &&
      isCalendarDate(starts) &&
      isCalendarDate(ends) &&
      ends <= starts
    )
      issues.push({
        path: ['campaigns', index, 'ends'],
        message: `must be after starts (${starts})`,
      });
  }
  for (const [coupon, index] of entries(file, 'coupons')) {
    const hasPercent = coupon.percent !== undefined;
    const hasDollars = coupon.dollars !== undefined;
    if (hasPercent && hasDollars)
      issues.push({
        path: ['coupons', index, 'dollars'],
        message: 'a coupon takes percent or dollars, not both',
      });
    else if (!hasPercent && !hasDollars)
      issues.push({ path: ['coupons', index], message: 'needs percent or dollars (exactly one)' });
  }
}

function namedBuildings(file: unknown, issues: PathIssue[]): void {
  const campaigns = idsOf(file, 'campaigns', 'id');
  const buildings = new Map(
    entries(file, 'buildings').flatMap(([b]) => (textOf(b.code) ? [[textOf(b.code), b]] : [])),
  );
  for (const [building, index] of entries(file, 'buildings')) {
    const campaign = textOf(building.campaign);
    if (campaign !== undefined && !campaigns.has(campaign))
      issues.push({
        path: ['buildings', index, 'campaign'],
        message: `names no campaign in campaigns: '${campaign}'`,
      });
    const master = textOf(building.master);
    if (master === undefined) continue;
    const masterBuilding = buildings.get(master);
    if (master === building.code)
      issues.push({ path: ['buildings', index, 'master'], message: 'must name another building' });
    else if (masterBuilding === undefined)
      issues.push({
        path: ['buildings', index, 'master'],
        message: `names no building in buildings: '${master}'`,
      });
    else if (masterBuilding.master !== undefined)
      issues.push({
        path: ['buildings', index, 'master'],
        message: `names '${master}', which has a master itself (one level only)`,
      });
  }
}

function plansAndCrews(file: unknown, issues: PathIssue[]): void {
  for (const [plan, index] of entries(file, 'plans')) {
    const speed = numberOf(plan.speed);
    const busy = numberOf(plan.busy_hour_speed);
    if (speed !== undefined && busy !== undefined && busy > speed)
      issues.push({
        path: ['plans', index, 'busy_hour_speed'],
        message: `must be at most speed (${speed})`,
      });
  }
  const crews = isEntry(file) && isEntry(file.crews) ? file.crews : {};
  for (const [state, crew] of Object.entries(crews)) {
    if (!isEntry(crew)) continue;
    const shift = /^(\d{2}):(\d{2})-(\d{2}):(\d{2})$/.exec(textOf(crew.shift) ?? '');
    if (!shift) continue;
    const [h1, m1, h2, m2] = shift.slice(1).map(Number) as [number, number, number, number];
    const minutes = h2 * 60 + m2 - (h1 * 60 + m1);
    const window = numberOf(crew.window_minutes);
    if (minutes <= 0)
      issues.push({ path: ['crews', state, 'shift'], message: 'must start before it ends' });
    else if (window !== undefined && window > minutes)
      issues.push({
        path: ['crews', state, 'window_minutes'],
        message: `must fit in the shift (${minutes} minutes) at least once`,
      });
  }
  const closures = isEntry(file) ? file.closures : undefined;
  for (const [dayOff, index] of entries(closures, 'crew_days_off')) {
    const state = textOf(dayOff.state);
    if (state === undefined || !(AU_STATES as readonly string[]).includes(state)) continue;
    const crew = crews[state];
    const capacity = isEntry(crew) ? numberOf(crew.capacity) : undefined;
    const off = numberOf(dayOff.crews);
    if (!isEntry(crew))
      issues.push({
        path: ['closures', 'crew_days_off', index, 'state'],
        message: `has no crews in crews: '${state}'`,
      });
    else if (capacity !== undefined && off !== undefined && off > capacity)
      issues.push({
        path: ['closures', 'crew_days_off', index, 'crews'],
        message: `must be at most ${state}'s capacity (${capacity})`,
      });
  }
}

/** Every rule between values that the file breaks. */
export function catalogueRuleIssues(file: unknown): PathIssue[] {
  const issues: PathIssue[] = [];
  uniqueIds(file, issues);
  namedPlans(file, issues);
  namedOffers(file, issues);
  namedBuildings(file, issues);
  plansAndCrews(file, issues);
  return issues;
}
