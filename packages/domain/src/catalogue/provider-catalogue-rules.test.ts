import { describe, expect, it } from 'vitest';
import { parseProviderCatalogue } from './provider-catalogue.ts';
import { edit, issuesOf } from '../test-support/catalogue-file.ts';

// Each rule of docs/catalogue.md, broken once in an otherwise good demo file.
// The last line containing `needle`: an edit may repeat text found earlier in the file.
const lineOf = (text: string, needle: string) =>
  text.split('\n').findLastIndex((l) => l.includes(needle)) + 1;

const PNBF24 = '{ code: PNBF24, type: coupon, months: 9, dollars: 10 }';
const NSW_CREWS = "shift: '08:00-16:00', window_minutes: 120, capacity: 2 }";
const STATES = 'NSW, VIC, QLD, SA, WA, TAS, NT, ACT';

describe('each rule of the provider file, broken on its own', () => {
  it.each([
    // The provider
    [
      'code: demo',
      'code: Demo',
      'provider.code',
      'must be 1 to 32 lower-case letters, digits or -',
    ],
    [
      "colour: '#0b6bcb'",
      "colour: '#0b6bc'",
      'provider.colour',
      "must be a colour '#rrggbb' in quotes",
    ],
    [
      'support_email: support@demofibre.example',
      'support_email: support at demofibre',
      'provider.support_email',
      'must be an email address',
    ],
    // Plans
    [
      'busy_hour_speed: 95',
      'busy_hour_speed: 0',
      'plans[1].busy_hour_speed',
      'must be more than 0',
    ],
    [
      'busy_hour_speed: 95',
      'busy_hour_speed: 101',
      'plans[1].busy_hour_speed',
      'must be at most speed (100)',
    ],
    [
      'cis_url: https://demofibre.example/cis/boost-100.pdf',
      'cis_url: http://demofibre.example/cis/boost-100.pdf',
      'plans[1].cis_url',
      'must be an https:// URL',
    ],
    [
      'popular_plans: [boost-100, streamer-250]',
      'popular_plans: [boost-100, streamer-205]',
      'popular_plans[1]',
      "names no plan in plans: 'streamer-205'",
    ],
    [
      "hidden_plan_id_parts: ['350']",
      "hidden_plan_id_parts: ['350', '']",
      'hidden_plan_id_parts[1]',
      'must not be empty',
    ],
    [
      'amex: { percent: 1.5,',
      'amex: { percent: 101,',
      'fees.card.amex.percent',
      'must be a percentage from 0 to 100',
    ],
    [
      'visa: { percent: 0 }',
      'visa: { percent: 1.5, words: Visa card surcharge }',
      'fees.card.visa.percent',
      'must be 0: eftpos, Mastercard and Visa forbid a surcharge from 1 October 2026',
    ],
    [
      'eftpos: { percent: 0 }',
      'eftpos: { percent: 0.5, words: eftpos card surcharge }',
      'fees.card.eftpos.percent',
      'must be 0: eftpos, Mastercard and Visa forbid a surcharge from 1 October 2026',
    ],
    [
      'words: American Express card surcharge',
      'words: American Express admin surcharge',
      'fees.card.amex.words',
      'must not call a card surcharge an admin, service, convenience or handling fee',
    ],
    [
      'words: American Express card surcharge',
      'words: Payment processing',
      'fees.card.amex.words',
      "must say it is a card surcharge or card fee ('American Express card surcharge')",
    ],
    [
      '  new_development: 300\n',
      '  new_development: 300\n  card_surcharge_percent: 1.5\n',
      'fees.card_surcharge_percent',
      'is replaced by fees.card, a fee per card scheme (docs/catalogue.md): eftpos, Mastercard and Visa may carry none since 1 October 2026',
    ],
    // Buildings
    [
      "postcode: '2009'",
      "postcode: '209'",
      'buildings[0].address.postcode',
      "must be four digits in quotes (e.g. '0800')",
    ],
    [
      "state: NSW, postcode: '2009'",
      "state: NZ, postcode: '2009'",
      'buildings[0].address.state',
      `must be one of ${STATES}`,
    ],
    ['class: sdu', 'class: house', 'buildings[3].class', 'must be mdu or sdu'],
    [
      'campaign: adelaide-launch',
      'campaign: perth-launch',
      'buildings[4].campaign',
      "names no campaign in campaigns: 'perth-launch'",
    ],
    ['master: G6F7A8', 'master: G7A8B9', 'buildings[6].master', 'must name another building'],
    [
      'master: G6F7A8',
      'master: G0A0A0',
      'buildings[6].master',
      "names no building in buildings: 'G0A0A0'",
    ],
    [
      "postcode: '2155' }\n",
      "postcode: '2155' }\n    master: G7A8B9\n",
      'buildings[7].master',
      "names 'G7A8B9', which has a master itself (one level only)",
    ],
    // Coupons and campaigns
    [
      '{ code: WW2MF,',
      '{ code: ww2MF,',
      'coupons[3].code',
      'must be upper-case letters and digits',
    ],
    [
      '{ code: WW2MF, type: coupon',
      '{ code: WW2MF, type: gift',
      'coupons[3].type',
      'must be one of coupon, referral, move_in, sales',
    ],
    [
      PNBF24,
      '{ code: PNBF24, type: coupon, months: 9, percent: 10, dollars: 10 }',
      'coupons[5].dollars',
      'a coupon takes percent or dollars, not both',
    ],
    [
      PNBF24,
      '{ code: PNBF24, type: coupon, months: 9 }',
      'coupons[5]',
      'needs percent or dollars (exactly one)',
    ],
    [
      PNBF24,
      '{ code: PNBF24, type: coupon, months: 9, dollars: 10, plans: [boost-100, boost-1000] }',
      'coupons[5].plans[1]',
      "names no plan in plans: 'boost-1000'",
    ],
    [
      'months: 1, percent: 100 }',
      'months: 1, percent: 150 }',
      'coupons[0].percent',
      'must be a number from 0 to 100',
    ],
    [
      'coupon: ADL2MF',
      'coupon: ADL9MF',
      'campaigns[0].coupon',
      "names no coupon in coupons: 'ADL9MF'",
    ],
    [
      'ends: 2030-12-31',
      'ends: 2025-12-31',
      'campaigns[0].ends',
      'must be after starts (2026-01-01)',
    ],
    // Crews and closures
    ['  NSW:\n', '  NSX:\n', 'crews.NSX', 'is not a known key (check its spelling)'],
    [
      'days: [Mon, Tue,',
      'days: [Mon, Tues,',
      'crews.NSW.days[1]',
      'must be one of Mon, Tue, Wed, Thu, Fri, Sat, Sun',
    ],
    [
      NSW_CREWS,
      "shift: '16:00-08:00', window_minutes: 120, capacity: 2 }",
      'crews.NSW.shift',
      'must start before it ends',
    ],
    [
      NSW_CREWS,
      "shift: '08:00-24:00', window_minutes: 120, capacity: 2 }",
      'crews.NSW.shift',
      "must be 'HH:MM-HH:MM' (24-hour times) in quotes",
    ],
    [
      NSW_CREWS,
      "shift: '08:00-16:00', window_minutes: 600, capacity: 2 }",
      'crews.NSW.window_minutes',
      'must fit in the shift (480 minutes) at least once',
    ],
    [
      NSW_CREWS,
      "shift: '08:00-16:00', window_minutes: 120, capacity: 0 }",
      'crews.NSW.capacity',
      'must be more than 0',
    ],
    [
      'crew_days_off: []',
      'crew_days_off: [{ state: SA, date: 2026-03-02, crews: 2 }]',
      'closures.crew_days_off[0].crews',
      "must be at most SA's capacity (1)",
    ],
    [
      'crew_days_off: []',
      'crew_days_off: [{ state: SA, date: 2026-13-02 }]',
      'closures.crew_days_off[0].date',
      'must be a real calendar day, YYYY-MM-DD',
    ],
    [
      '  holidays:\n',
      '  holidays:\n    - { date: 2026-06-01, name: Made-up Day, states: [WA, XYZ] }\n',
      'closures.holidays[0].states',
      `must be all or a list of states (${STATES})`,
    ],
    [
      '  holidays:\n',
      '  holidays:\n    - { date: 2026-06-01, name: Made-up Day, states: everywhere }\n',
      'closures.holidays[0].states',
      `must be all or a list of states (${STATES})`,
    ],
  ])('%j -> %j: %s', (from, to, field, message) => {
    const text = edit(from, to);
    const needle = to.trim().split('\n').at(-1) ?? to;
    expect(issuesOf(text)).toEqual([{ line: lineOf(text, needle.trim()), field, message }]);
  });

  it('a crew day off in a state without crews', () => {
    let text = edit(/ {2}ACT:\n.*\n/, '');
    text = edit('crew_days_off: []', 'crew_days_off: [{ state: ACT, date: 2026-03-02 }]', text);
    expect(issuesOf(text)).toEqual([
      {
        line: lineOf(text, 'state: ACT, date'),
        field: 'closures.crew_days_off[0].state',
        message: "has no crews in crews: 'ACT'",
      },
    ]);
  });

  it.each([
    ['plans', /^plans:\n(( {2}.*)?\n)+/m, 'plans: []\n', 'must list at least one plan'],
    ['routers', /^routers:\n( {2}.*\n)+/m, 'routers: []\n', 'must list at least one router'],
  ])('at least one of %s', (list, from, to, message) => {
    const text = edit(from, to);
    expect(issuesOf(text)).toContainEqual({ line: lineOf(text, to.trim()), field: list, message });
  });

  it('reads ids and street numbers YAML took for numbers as the text they are', () => {
    let text = edit("hidden_plan_id_parts: ['350']", 'hidden_plan_id_parts: [350]');
    text = edit("street_number: '100'", 'street_number: 100', text);
    const result = parseProviderCatalogue(text);
    if (!result.ok) throw new Error(JSON.stringify(result.issues));
    expect(result.catalogue.hidden_plan_id_parts).toEqual(['350']);
    expect(result.catalogue.buildings[0]?.address.street_number).toBe('100');
  });
});
