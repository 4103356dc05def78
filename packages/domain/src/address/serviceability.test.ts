import { describe, expect, it } from 'vitest';
import { addressFromQuery } from './address.ts';
import { defaultDomainConfig } from '../shared/config.ts';
import { acmeRules, demoRules } from '../test-support/rules.ts';
import { availabilityHeading, availableHeading } from './availability-heading.ts';
import {
  buildingVariant,
  isServiceable,
  serviceabilityText,
  showsViewPlans,
  speedCapMbps,
} from './serviceability.ts';
import { unitSchema } from '../contact/validation.ts';

const phone = '1300 000 000';
const building = (
  status: string,
  facts: Partial<Record<'greenfield' | 'commercial' | 'mixed', boolean>> = {},
) => ({
  status,
  greenfield: false,
  commercial: false,
  mixed: false,
  ...facts,
});

describe('isServiceable (docs/rules/address-and-serviceability.md)', () => {
  it.each([
    ['LIT', true],
    ['ComingSoon', true],
    ['BuildCommenced', true],
    ['failed', false],
    ['Footprint', false],
    ['lit', false],
    ['', false],
  ])('%j -> %s', (status, serviceable) => {
    expect(isServiceable(status)).toBe(serviceable);
  });
});

describe('headings (docs/rules/address-and-serviceability.md)', () => {
  it.each([
    [building('LIT'), 'Great News!'],
    [building('LIT', { commercial: true }), 'Great News!'],
    [building('BuildCommenced', { greenfield: true }), 'Great News!'],
    [building('BuildCommenced', { greenfield: true, commercial: true }), 'Good News!'],
    [building('ComingSoon'), 'Good News!'],
    [building('BuildCommenced'), 'Good News!'],
  ])('available heading of %j -> %j', (address, heading) => {
    expect(availableHeading(address)).toBe(heading);
    expect(availabilityHeading(address)).toBe(heading);
  });

  it.each([building('failed'), building('Footprint', { greenfield: true })])(
    'a building that is not served reads We are sorry! (%j)',
    (address) => {
      expect(availabilityHeading(address)).toBe('We are sorry!');
    },
  );
});

describe('texts', () => {
  it('reads as the visitor sees them', () => {
    expect(serviceabilityText.upTo1GB).toBe('Speeds up to 1GB');
    expect(serviceabilityText.max100Mbps).toBe('Maximum speed 100Mbps');
    expect(serviceabilityText.newDevelopmentCharge(300)).toBe(
      'A one-off New Development Charge of $300 applies to new developments.',
    );
    expect(serviceabilityText.newDevelopmentCharge(449.5)).toBe(
      'A one-off New Development Charge of $449.50 applies to new developments.',
    );
    expect(serviceabilityText.contactPartner(phone)).toBe(
      'For business internet, please contact our partner telecom at 1300 000 000.',
    );
    expect([serviceabilityText.residential, serviceabilityText.business]).toEqual([
      'Residential',
      'Business',
    ]);
  });
});

describe('buildingVariant (docs/rules/address-and-serviceability.md building variants, first match wins)', () => {
  const greenfield = {
    kind: 'greenfield',
    speedCapMbps: 1000,
    speedText: 'Speeds up to 1GB',
    chargeText: 'A one-off New Development Charge of $300 applies to new developments.',
  };
  const toggle = {
    kind: 'residential-or-business',
    speedCapMbps: 1000,
    speedText: 'Speeds up to 1GB',
    businessText: 'For business internet, please contact our partner telecom at 1300 000 000.',
  };
  const lit = { kind: 'lit', speedCapMbps: 1000, speedText: 'Speeds up to 1GB' };
  const commercial = {
    kind: 'commercial',
    contactText: 'For business internet, please contact our partner telecom at 1300 000 000.',
  };
  const capped = { kind: 'capped', speedCapMbps: 100, speedText: 'Maximum speed 100Mbps' };

  it.each([
    ['greenfield', building('BuildCommenced', { greenfield: true }), greenfield],
    ['greenfield before LIT', building('LIT', { greenfield: true }), greenfield],
    ['greenfield before mixed', building('LIT', { greenfield: true, mixed: true }), greenfield],
    [
      'commercial greenfield',
      building('BuildCommenced', { greenfield: true, commercial: true }),
      commercial,
    ],
    ['LIT and mixed', building('LIT', { mixed: true }), toggle],
    ['LIT', building('LIT'), lit],
    ['LIT commercial', building('LIT', { commercial: true }), commercial],
    ['commercial not LIT', building('ComingSoon', { commercial: true }), commercial],
    ['mixed not LIT', building('ComingSoon', { mixed: true }), capped],
    ['ComingSoon', building('ComingSoon'), capped],
    ['BuildCommenced brownfield', building('BuildCommenced'), capped],
  ])('%s', (_, address, variant) => {
    expect(buildingVariant(address, phone, demoRules)).toEqual(variant);
  });

  it("a greenfield building's charge text names another provider's charge", () => {
    const variant = buildingVariant(building('LIT', { greenfield: true }), phone, acmeRules);
    expect(variant).toMatchObject({
      kind: 'greenfield',
      chargeText: 'A one-off New Development Charge of $450 applies to new developments.',
    });
  });
});

describe('speedCapMbps', () => {
  it.each([
    [building('LIT'), 1000],
    [building('BuildCommenced', { greenfield: true }), 1000],
    [building('ComingSoon', { greenfield: true }), 1000],
    [building('ComingSoon'), 100],
    [building('BuildCommenced'), 100],
  ])('%j -> %s', (address, cap) => {
    expect(speedCapMbps(address)).toBe(cap);
  });
});

describe('showsViewPlans: hidden for commercial sites (docs/rules/address-and-serviceability.md)', () => {
  it.each([
    [false, true],
    [true, false],
  ])('commercial %s -> %s', (commercial, shown) => {
    expect(showsViewPlans({ commercial })).toBe(shown);
  });
});

// The demo buildings as docs/rules/demo-data.md lists them, arriving as a link's query parameters
// would.
const demoRows = `
| 100 Harris Street, Pyrmont NSW 2009 | G1A2B3 | LIT | mdu | brownfield | residential |
| 1 Southbank Boulevard, Southbank VIC 3006 | G2B3C4 | LIT | mdu | brownfield | mixed |
| 300 Queen Street, Brisbane City QLD 4000 | G3C4D5 | LIT | mdu | brownfield | commercial |
| 25 Ocean Drive, Alkimos WA 6038 | G4D5E6 | BuildCommenced | sdu | greenfield | residential |
| 50 King William Street, Adelaide SA 5000 | G5E6F7 | ComingSoon | mdu | brownfield | residential |
| 80 Elizabeth Street, Hobart TAS 7000 | G6F7A8 | LIT | mdu | brownfield | residential |
| 7 Wattle Grove, Kellyville NSW 2155 | G9B0C1 | LIT | sdu | brownfield | residential |
| 12 Cavenagh Street, Darwin City NT 0800 | G8C9D0 | Footprint | mdu | brownfield | residential |
`;

const demoBuildings = new Map(
  demoRows
    .trim()
    .split('\n')
    .map((row) => {
      const [formatted_address, uniqueCode, status, buildingClass, buildingCategory, buildingType] =
        row
          .split('|')
          .slice(1, -1)
          .map((cell) => cell.trim());
      const query = { formatted_address, uniqueCode, status, buildingClass, buildingCategory };
      return [uniqueCode!, addressFromQuery({ ...query, buildingType }, defaultDomainConfig)!];
    }),
);

describe('demo buildings (docs/rules/demo-data.md)', () => {
  it.each([
    // code, heading, variant (false: not served), View plans, unit required, speed cap
    ['G1A2B3', 'Great News!', 'lit', true, true, 1000],
    ['G2B3C4', 'Great News!', 'residential-or-business', true, true, 1000],
    ['G3C4D5', 'Great News!', 'commercial', false, true, 1000],
    ['G4D5E6', 'Great News!', 'greenfield', true, false, 1000],
    ['G5E6F7', 'Good News!', 'capped', true, true, 100],
    ['G6F7A8', 'Great News!', 'lit', true, true, 1000],
    ['G9B0C1', 'Great News!', 'lit', true, false, 1000],
    ['G8C9D0', 'We are sorry!', false, false, true, 100],
  ] as const)('%s: %s, %s, View plans %s, unit required %s, %s Mbps', (code, ...expected) => {
    const address = demoBuildings.get(code)!;
    const served = isServiceable(address.status);
    expect([
      availabilityHeading(address),
      served && buildingVariant(address, phone, demoRules).kind,
      served && showsViewPlans(address),
      !unitSchema(address.mdu).safeParse('').success,
      speedCapMbps(address),
    ]).toEqual(expected);
  });
});
