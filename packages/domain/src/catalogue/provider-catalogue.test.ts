import { describe, expect, it } from 'vitest';
import { demo, edit, issuesOf, lineOf } from '../test-support/catalogue-file.ts';
import {
  formatCatalogueIssue,
  parseProviderCatalogue,
  summariseCatalogue,
} from './provider-catalogue.ts';

describe('the demo catalogue file', () => {
  it('parses, with dates as YYYY-MM-DD strings', () => {
    const result = parseProviderCatalogue(demo);
    if (!result.ok)
      throw new Error(result.issues.map((i) => formatCatalogueIssue(i, 'demo.yaml')).join('\n'));
    const c = result.catalogue;
    expect(c.provider.code).toBe('demo');
    expect(c.plans.map((p) => p.id)).toEqual([
      'starter-25',
      'boost-100',
      'streamer-250',
      'turbo-350',
      'ultra-500',
      'giga-1000',
    ]);
    expect(c.campaigns[0]).toMatchObject({ starts: '2026-01-01', ends: '2030-12-31' });
    expect(c.buildings.find((b) => b.code === 'G7A8B9')?.master).toBe('G6F7A8');
  });

  it('summarises in a few lines', () => {
    const result = parseProviderCatalogue(demo);
    if (!result.ok) throw new Error('demo.yaml is refused');
    expect(summariseCatalogue(result.catalogue)).toEqual([
      'provider demo: Demo Fibre',
      '6 plans (default boost-100), 3 routers',
      '9 buildings, 11 coupons, 1 campaign',
      'card fees: American Express 1.5%; none on Visa, Mastercard, eftpos, Diners Club, Other cards',
      'crews in NSW, VIC, QLD, SA, WA, TAS, NT, ACT',
      'public holidays 2026-01-01 to 2027-12-31 (NSW 27, VIC 29, QLD 28, SA 32, WA 27, TAS 21, NT 32, ACT 31)',
      '0 crew days off',
      'documents: terms 2026-07, privacy 2026-03; CIS versions for 6 of 6 plans',
    ]);
  });
});

describe('a broken file names the line and the field', () => {
  it('a misspelt key: the unknown key and the key it should have been', () => {
    const text = edit('    monthly: 79\n', '    montly: 79\n');
    expect(issuesOf(text)).toEqual([
      { line: lineOf(text, '- id: boost-100'), field: 'plans[1].monthly', message: 'is required' },
      {
        line: lineOf(text, 'montly: 79'),
        field: 'plans[1].montly',
        message: 'is not a known key (check its spelling)',
      },
    ]);
  });

  it.each([
    [
      'a negative price',
      'monthly: 89',
      'monthly: -89',
      'plans[2].monthly',
      'must be 0 or more dollars',
    ],
    [
      'a price in part-cents',
      'monthly: 89',
      'monthly: 89.005',
      'plans[2].monthly',
      'must have at most two decimals (cents)',
    ],
    [
      'a price in words',
      'monthly: 89',
      'monthly: eighty',
      'plans[2].monthly',
      'must be a number of dollars',
    ],
    [
      'a document over plain http',
      'url: https://demofibre.example/legal/privacy',
      'url: http://demofibre.example/legal/privacy',
      'documents.privacy.url',
      'must be an https:// URL',
    ],
    [
      'a document hash that is not a SHA-256',
      'sha256: 4f1c6f0a',
      'sha256: 4f1c6f0z',
      'documents.terms.sha256',
      'must be a SHA-256: 64 hex digits',
    ],
    [
      'another charge without an amount',
      'amount: 99',
      'amount: ninety-nine',
      'other_charges[0].amount',
      'must be a number of dollars',
    ],
    [
      'a day that does not exist',
      'starts: 2026-01-01',
      'starts: 2026-02-30',
      'campaigns[0].starts',
      'must be a real calendar day, YYYY-MM-DD',
    ],
    [
      'a date in another order',
      'starts: 2026-01-01',
      'starts: 01/01/2026',
      'campaigns[0].starts',
      'must be a real calendar day, YYYY-MM-DD',
    ],
    [
      'a dangling default_plan',
      'default_plan: boost-100',
      'default_plan: boost-101',
      'default_plan',
      "names no plan in plans: 'boost-101'",
    ],
    [
      'a hidden default_plan',
      'default_plan: boost-100',
      'default_plan: turbo-350',
      'default_plan',
      "is never shown: its id contains '350' of hidden_plan_id_parts",
    ],
    [
      'an unquoted postcode with a leading zero',
      "postcode: '0800'",
      'postcode: 0800',
      'buildings[8].address.postcode',
      "must be four digits in quotes (e.g. '0800')",
    ],
  ])('%s', (_name, from, to, field, message) => {
    const text = edit(from, to);
    expect(issuesOf(text)).toEqual([{ line: lineOf(text, to), field, message }]);
  });

  it.each([
    [
      'plans',
      '- id: ultra-500',
      '- id: giga-1000',
      'plans[5].id',
      "repeats plans[4].id 'giga-1000'",
    ],
    ['routers', '- id: mesh-pro', '- id: wifi6', 'routers[2].id', "repeats routers[1].id 'wifi6'"],
    [
      'buildings',
      '- code: G9B0C1',
      '- code: G1A2B3',
      'buildings[7].code',
      "repeats buildings[0].code 'G1A2B3'",
    ],
    [
      'coupons',
      '{ code: SOMETHING12321,',
      '{ code: WWOMF,',
      'coupons[7].code',
      "repeats coupons[2].code 'WWOMF'",
    ],
  ])('duplicate %s ids: the second names the first', (_list, from, to, field, message) => {
    const text = edit(from, to);
    const last = text.split('\n').findLastIndex((l) => l.includes(to)) + 1;
    expect(issuesOf(text)).toEqual([{ line: last, field, message }]);
  });

  it('duplicate campaign ids', () => {
    const campaign = demo.slice(
      demo.indexOf('  - id: adelaide-launch'),
      demo.indexOf('\n\n# Installer crews'),
    );
    const text = edit(campaign, `${campaign}\n${campaign}`);
    const last = text.split('\n').findLastIndex((l) => l.includes('- id: adelaide-launch')) + 1;
    expect(issuesOf(text)).toEqual([
      {
        line: last,
        field: 'campaigns[1].id',
        message: "repeats campaigns[0].id 'adelaide-launch'",
      },
    ]);
  });

  it('reports several errors at once, in the order of the file', () => {
    let text = edit('code: demo', 'code: Demo Co');
    text = edit("colour: '#0b6bcb'", 'colour: blue', text);
    text = edit('monthly: 59', 'monthly: -1', text);
    text = edit('busy_hour_speed: 230', 'busy_hour_speed: 260', text);
    text = edit('default_plan: boost-100', 'default_plan: boost', text);
    text = edit('coupon: ADL2MF', 'coupon: ADL3MF', text);
    const issues = issuesOf(text);
    expect(issues.map((i) => i.field)).toEqual([
      'provider.code',
      'provider.colour',
      'plans[0].monthly',
      'plans[2].busy_hour_speed',
      'default_plan',
      'campaigns[0].coupon',
    ]);
    expect(issues.map((i) => i.line)).toEqual(
      [...issues.map((i) => i.line)].sort((a, b) => (a ?? 0) - (b ?? 0)),
    );
    expect(issues[3]).toEqual({
      line: lineOf(text, 'busy_hour_speed: 260'),
      field: 'plans[2].busy_hour_speed',
      message: 'must be at most speed (250)',
    });
  });

  it('names a missing top-level key and a value of the wrong kind', () => {
    let text = edit('add_ons:\n  static_ip:\n    monthly: 9\n', '');
    text = edit('popular_plans: [boost-100, streamer-250]', 'popular_plans: boost-100', text);
    text = edit('  new_development: 300', '  new_development: [300]', text);
    expect(issuesOf(text)).toEqual(
      [
        { line: lineOf(text, 'popular_plans:'), field: 'popular_plans', message: 'must be a list' },
        {
          line: lineOf(text, 'new_development:'),
          field: 'fees.new_development',
          message: 'must be a number of dollars',
        },
        { line: lineOf(text, 'provider:'), field: 'add_ons', message: 'is required' },
      ].sort((a, b) => a.line - b.line),
    );
  });
});

describe('formatCatalogueIssue', () => {
  it.each([
    [
      { line: 42, field: 'plans[1].monthly', message: 'must be a number of dollars' },
      'acme.yaml:42 plans[1].monthly: must be a number of dollars',
    ],
    [
      { line: 3, field: '', message: 'YAML: Map keys must be unique' },
      'acme.yaml:3: YAML: Map keys must be unique',
    ],
    [
      { line: null, field: 'plans', message: 'must list at least one plan' },
      'acme.yaml plans: must list at least one plan',
    ],
  ])('%j', (issue, line) => expect(formatCatalogueIssue(issue, 'acme.yaml')).toBe(line));
});
