import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildingHasUnit, listedUnits, unitKey } from './units.ts';

// docs/rules/contact-and-connection.md#the-buildings-units
describe('unitKey', () => {
  it.each([
    ['12B', '12B'],
    ['12b', '12B'],
    [' 12 b ', '12B'],
    ['Unit 12B', '12B'],
    ['unit12b', '12B'],
    ['Apt. 12B', '12B'],
    ['apartment 3', '3'],
    ['Shop 1', 'SHOP1'],
    ['Flat 2', '2'],
    ['0', ''],
    ['', ''],
  ])('%j is %j', (typed, key) => {
    expect(unitKey(typed)).toBe(key);
  });

  it('keeps a word that only starts like one naming a unit', () => {
    expect(unitKey('UPPER1')).toBe('UPPER1');
    expect(unitKey('Shopfront 1')).toBe('SHOPFRONT1');
  });

  it('treats null and undefined as no unit', () => {
    expect(unitKey(null)).toBe('');
    expect(unitKey(undefined)).toBe('');
  });

  it('changes nothing the second time', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (unit) => {
        expect(unitKey(unitKey(unit))).toBe(unitKey(unit));
      }),
    );
  });
});

describe('buildingHasUnit', () => {
  const units = ['1', '2', 'Unit 12B', '101'];

  it('takes any unit where the catalogue lists none', () => {
    expect(buildingHasUnit([], '999')).toBe(true);
  });

  it('takes a listed unit however it is written', () => {
    expect(buildingHasUnit(units, '12b')).toBe(true);
    expect(buildingHasUnit(units, 'unit 101')).toBe(true);
  });

  it('refuses a unit the building does not list, and no unit at all', () => {
    expect(buildingHasUnit(units, '12C')).toBe(false);
    expect(buildingHasUnit(units, '10')).toBe(false);
    expect(buildingHasUnit(units, '')).toBe(false);
    expect(buildingHasUnit(units, '0')).toBe(false);
  });
});

describe('listedUnits', () => {
  it('offers each key once, in the catalogue order', () => {
    expect(listedUnits(['2', 'Unit 1', '1', ' 12b', '0', ''])).toEqual(['2', '1', '12B']);
  });
});
