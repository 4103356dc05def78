import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  abbreviateStreetType,
  buildingSearchAddress,
  hasUnit,
  normaliseBuildingCode,
  normaliseMobile,
  streetNumberFallback,
} from './normalise.ts';

const eightDigits = fc.stringMatching(/^\d{8}$/);

// A valid mobile (docs/rules/contact-and-connection.md) as a visitor might type it, with spaces
// anywhere.
const typedMobile = fc.tuple(fc.constantFrom('04', '+614'), eightDigits).chain(([prefix, digits]) =>
  fc
    .array(fc.constantFrom('', ' ', '  '), {
      minLength: prefix.length + 8,
      maxLength: prefix.length + 8,
    })
    .map((gaps) => [...(prefix + digits)].map((char, i) => char + gaps[i]).join('')),
);

describe('normaliseMobile (docs/rules/contact-and-connection.md phone normalisation)', () => {
  it.each([
    ['0412345678', '+61412345678'],
    ['0412 345 678', '+61412345678'],
    ['+61412345678', '+61412345678'],
    ['+61 412 345 678', '+61412345678'],
    // Literal rule: the leading character is dropped whatever it is; the schema rejects these.
    ['61412345678', '+611412345678'],
    ['', '+61'],
  ])('%j -> %j', (typed, stored) => {
    expect(normaliseMobile(typed)).toBe(stored);
  });

  it('turns every valid mobile into +614 and 8 digits', () => {
    fc.assert(
      fc.property(typedMobile, (typed) => {
        expect(normaliseMobile(typed)).toMatch(/^\+614\d{8}$/);
      }),
    );
  });

  it('keeps the 8 subscriber digits of a 04 number', () => {
    fc.assert(
      fc.property(eightDigits, (digits) => {
        expect(normaliseMobile(`04${digits}`)).toBe(`+614${digits}`);
      }),
    );
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(fc.string(), (typed) => {
        const once = normaliseMobile(typed);
        expect(normaliseMobile(once)).toBe(once);
      }),
    );
  });
});

describe('normaliseBuildingCode (docs/rules/address-and-serviceability.md)', () => {
  it.each([
    ['G1A2B3', 'G1A2B3', 'a clean code'],
    ['  G1A2B3  ', 'G1A2B3', 'trim'],
    ['#G1A2B3', 'G1A2B3', 'leading characters that are not a digit or G'],
    ['code: G1A2B3', 'G1A2B3', 'leading words'],
    ['G1A2B3.', 'G1A2B3', 'trailing non-hex characters'],
    ['G1A2BZ', 'G1A2B', 'a trailing letter beyond F'],
    ['G1A2B3 xyz', 'G1A2B3', 'trailing junk after a space'],
    ['000123', '123', 'leading zeros'],
    ['00G5E6F7', 'G5E6F7', 'zeros before the G'],
    ['G00123', 'G00123', 'zeros after the G stay'],
    ['g1a2b3', 'G1A2B3', 'a lowercase g counts as G, then uppercase'],
    ['G1a2b3', 'G1A2B3', 'uppercase'],
    ['0-12', '12', 'junk behind the zeros goes with them'],
    ['0A1', '1', 'a hex letter behind the zeros is not a leading G'],
    ['0', '', 'only zeros'],
    ['G', '', 'a G alone is not hex'],
    ['', '', 'empty'],
  ])('%j -> %j (%s)', (typed, code) => {
    expect(normaliseBuildingCode(typed)).toBe(code);
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (typed) => {
        const once = normaliseBuildingCode(typed);
        expect(normaliseBuildingCode(once)).toBe(once);
      }),
    );
  });

  it('starts with 1-9 or G and ends with an uppercase hex digit, or is empty', () => {
    fc.assert(
      fc.property(fc.string(), (typed) => {
        expect(normaliseBuildingCode(typed)).toMatch(/^(?:[1-9G][\s\S]*)?$/);
        expect(normaliseBuildingCode(typed)).toMatch(/(?:^|[0-9A-F])$/);
      }),
    );
  });

  it('recovers a G code from surrounding junk in any case', () => {
    const code = fc.stringMatching(/^[Gg][0-9a-fA-F]+$/);
    const before = fc.stringMatching(/^[\s#:0]*$/);
    const after = fc.stringMatching(/^[\s.,;!?g-z]*$/);
    fc.assert(
      fc.property(before, code, after, (b, c, a) => {
        expect(normaliseBuildingCode(b + c + a)).toBe(c.toUpperCase());
      }),
    );
  });
});

describe('abbreviateStreetType (docs/rules/address-and-serviceability.md)', () => {
  it.each([
    ['Victoria Avenue', 'Victoria Av'],
    ['Banksia Crescent', 'Banksia Cr'],
    ['The Esplanade', 'The Esp'],
    ['Botanic Gardens', 'Botanic Gdns'],
    ['Fern Glade', 'Fern Glde'],
    ['Wattle Grove', 'Wattle Gr'],
    ['Penny Lane', 'Penny Ln'],
    ['Ocean Terrace', 'Ocean Tce'],
    ['wattle grove', 'wattle Gr'],
    ['Wattle GROVE', 'Wattle Gr'],
    ['  Wattle Grove  ', 'Wattle Gr'],
  ])('%j -> %j', (street, abbreviated) => {
    expect(abbreviateStreetType(street)).toBe(abbreviated);
  });

  it.each([
    ['Harris Street', 'Harris Street', 'not a listed type'],
    ['Grove Street', 'Grove Street', 'the type is the last word only'],
    ['Lane Cove Road', 'Lane Cove Road', 'other words unchanged'],
    ['Grove', 'Gr', 'a one-word street is its own last word'],
    ['Wattle Gr', 'Wattle Gr', 'already abbreviated'],
    ['Queen  Street', 'Queen  Street', 'spacing inside kept'],
    ['Foo Constructor', 'Foo Constructor', 'no inherited property is a street type'],
    ['', '', 'empty'],
  ])('%j -> %j (%s)', (street, abbreviated) => {
    expect(abbreviateStreetType(street)).toBe(abbreviated);
  });

  it('is idempotent', () => {
    const word = fc.constantFrom('Wattle', 'Avenue', 'grove', 'Lane', 'Gr', 'Street', 'The');
    fc.assert(
      fc.property(fc.array(word, { maxLength: 4 }), (words) => {
        const once = abbreviateStreetType(words.join(' '));
        expect(abbreviateStreetType(once)).toBe(once);
      }),
    );
  });
});

describe('streetNumberFallback (docs/rules/address-and-serviceability.md)', () => {
  it.each([
    ['100', '7 Wattle Grove', '100', 'the components win'],
    [' 100 ', '', '100', 'trimmed'],
    [undefined, '7 Wattle Grove', '7', 'the first typed word'],
    ['', '  7   Wattle', '7', 'an empty component counts as missing'],
    [undefined, '5/100 Harris St', '5/100', 'literal first word'],
    [undefined, '', '', 'nothing typed'],
  ])('%j, %j -> %j (%s)', (fromComponents, typed, number, _reason) => {
    expect(streetNumberFallback(fromComponents, typed)).toBe(number);
  });
});

describe('hasUnit: the unit counts as absent when empty or 0 (docs/rules/address-and-serviceability.md)', () => {
  it.each([
    ['', false],
    ['0', false],
    [' 0 ', false],
    ['  ', false],
    [undefined, false],
    [null, false],
    ['5', true],
    ['12A', true],
    ['10', true],
    ['00', true],
  ])('%j -> %s', (unit, present) => {
    expect(hasUnit(unit)).toBe(present);
  });
});

describe('buildingSearchAddress (docs/rules/address-and-serviceability.md)', () => {
  it.each([
    ['5/100 Harris Street, Pyrmont NSW 2009', '100 HARRIS STREET, PYRMONT NSW 2009'],
    ['5/ 100 Harris Street', '100 HARRIS STREET'],
    ['100 Harris Street, Pyrmont NSW 2009', '100 HARRIS STREET, PYRMONT NSW 2009'],
    ['Lot 1/2/82 Elizabeth Street', '82 ELIZABETH STREET'],
    ['', ''],
  ])('%j -> %j', (input, searched) => {
    expect(buildingSearchAddress(input)).toBe(searched);
  });
});
