import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AU_STATES, type AuState } from '../shared/states.ts';
import { parseProviderCatalogue } from './provider-catalogue.ts';

// The public holidays in catalogue/demo.yaml: the 2026 and 2027 national and state lists.
const result = parseProviderCatalogue(
  readFileSync(new URL('../../../../catalogue/demo.yaml', import.meta.url), 'utf8'),
);
if (!result.ok) throw new Error('demo.yaml is refused');
const holidays = result.catalogue.closures.holidays;

const closes = (state: AuState, date: string) =>
  holidays.some((h) => h.date === date && (h.states === 'all' || h.states.includes(state)));

describe('the demo public holidays', () => {
  it('all fall in 2026 or 2027, in date order', () => {
    expect(holidays.every((h) => /^202[67]-/.test(h.date))).toBe(true);
    expect(holidays.map((h) => h.date)).toEqual(holidays.map((h) => h.date).sort());
  });

  it.each(AU_STATES.flatMap((state) => [2026, 2027].map((year) => [state, year] as const)))(
    '%s has a plausible number of holidays in %d',
    (state, year) => {
      const dates = holidays.filter((h) => h.date.startsWith(`${year}-`)).map((h) => h.date);
      const count = new Set(dates.filter((date) => closes(state, date))).size;
      expect(count).toBeGreaterThanOrEqual(10);
      expect(count).toBeLessThanOrEqual(18);
    },
  );

  it.each([
    ['2026-01-01', "New Year's Day"],
    ['2026-01-26', 'Australia Day'],
    ['2026-04-03', 'Good Friday'],
    ['2026-04-06', 'Easter Monday'],
    ['2026-12-25', 'Christmas Day'],
    ['2027-01-26', 'Australia Day'],
    ['2027-03-26', 'Good Friday'],
    ['2027-03-29', 'Easter Monday'],
    ['2027-12-25', 'Christmas Day'],
  ])('%s (%s) closes every state', (date) => {
    expect(AU_STATES.filter((state) => !closes(state, date))).toEqual([]);
  });

  it.each([
    ['VIC', '2026-11-03', 'Melbourne Cup Day, first Tuesday of November'],
    ['VIC', '2026-03-09', 'Labour Day, second Monday of March'],
    ['WA', '2026-06-01', 'Western Australia Day, first Monday of June'],
    ['WA', '2026-03-02', 'Labour Day, first Monday of March'],
    ['QLD', '2026-10-05', "King's Birthday, first Monday of October"],
    ['QLD', '2027-05-03', 'Labour Day, first Monday of May'],
    ['NSW', '2027-06-14', "King's Birthday, second Monday of June"],
    ['NSW', '2026-10-05', 'Labour Day, first Monday of October'],
    ['SA', '2026-03-09', 'Adelaide Cup Day'],
    ['ACT', '2026-03-09', 'Canberra Day'],
    ['ACT', '2027-05-31', 'Reconciliation Day, Monday on or after 27 May'],
    ['NT', '2026-08-03', 'Picnic Day, first Monday of August'],
    ['NT', '2027-05-03', 'May Day, first Monday of May'],
    ['TAS', '2027-03-08', 'Eight Hours Day, second Monday of March'],
    ['NSW', '2027-12-27', 'Christmas on a Saturday: the Monday after'],
    ['TAS', '2026-12-28', 'Boxing Day on a Saturday: Tasmania moves it to Monday'],
  ])('%s closes on %s (%s)', (state, date) => {
    expect(closes(state as AuState, date)).toBe(true);
  });

  it.each([
    ['TAS', '2026-04-04', 'Tasmania has no Easter Saturday'],
    ['WA', '2027-03-27', 'Western Australia has no Easter Saturday before 2028'],
    ['NSW', '2026-11-03', 'Melbourne Cup Day is Victorian'],
    ['VIC', '2026-10-05', "Victoria's King's Birthday is in June"],
    ['TAS', '2026-12-26', 'Tasmania moves a Saturday Boxing Day to Monday'],
  ])('%s stays open on %s (%s)', (state, date) => {
    expect(closes(state as AuState, date)).toBe(false);
  });
});
