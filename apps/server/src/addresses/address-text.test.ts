import { describe, expect, it } from 'vitest';
import {
  addressSearchKey,
  comparableAddress,
  matchedTerms,
  searchTerms,
  shortStreetName,
  typedRange,
  withoutUnit,
} from './address-text.ts';

describe('searchTerms', () => {
  it.each([
    ['100 harr', { words: ['100'], prefix: 'harr' }],
    ['harris st pyr', { words: ['harris', 'st'], prefix: 'pyr' }],
    ['100 Harris Street, Pyrm', { words: ['100', 'harris', 'street'], prefix: 'pyrm' }],
    ['100 harris st.', { words: ['100', 'harris', 'st'], prefix: undefined }],
    ["O'Connor", { words: [], prefix: 'oconnor' }],
    ['O’CONNOR ', { words: ['oconnor'], prefix: undefined }],
    [
      '100 Harris St, Pyrmont NSW 2009, Australia',
      { words: ['100', 'harris', 'st', 'pyrmont', 'nsw', '2009'], prefix: undefined },
    ],
    ['Australia Plains', { words: ['australia'], prefix: 'plains' }],
    ['!!!', { words: [], prefix: undefined }],
    // More than eight words: the first eight, all as whole words.
    ['a b c d e f g h i j', { words: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'], prefix: undefined }],
  ])('%j -> %j', (text, expected) => {
    expect(searchTerms(text)).toEqual(expected);
  });
});

describe('addressSearchKey', () => {
  it('holds every word with both spellings of the street type, spaced at the ends', () => {
    expect(
      addressSearchKey({
        street_number: '100',
        street: 'Harris Street',
        suburb: 'Pyrmont',
        state: 'NSW',
        postcode: '2009',
      }),
    ).toBe(' 100 harris street st pyrmont nsw 2009 ');
    expect(
      addressSearchKey({
        street_number: '7',
        street: 'Wattle Gr',
        suburb: "O'Connor",
        state: 'WA',
        postcode: '6163',
      }),
    ).toBe(' 7 wattle grove gr oconnor wa 6163 ');
  });
});

describe('comparableAddress', () => {
  const harris = '100 harris street pyrmont nsw 2009';
  it.each([
    '100 Harris Street, Pyrmont NSW 2009',
    '100 HARRIS ST, PYRMONT NSW 2009',
    '100 Harris St, Pyrmont NSW 2009, Australia',
    '5/100 Harris Street, Pyrmont NSW 2009',
    'Unit 5, 100 Harris Street, Pyrmont NSW 2009',
  ])('%j compares as the same address', (text) => {
    expect(comparableAddress(text)).toBe(harris);
  });
});

describe('withoutUnit and shortStreetName', () => {
  it.each([
    ['5/100 Harris St', '100 Harris St'],
    ['1/2/3 Long Road', '3 Long Road'],
    ['Apt 12B, 1 Bay Road', '1 Bay Road'],
    ['100 Harris St', '100 Harris St'],
  ])('withoutUnit(%j) is %j', (text, expected) => {
    expect(withoutUnit(text)).toBe(expected);
  });

  it.each([
    ['Harris Street', 'Harris St'],
    ['Southbank Boulevard', 'Southbank Blvd'],
    ['Park Avenue', 'Park Ave'],
    ['Wattle Grove', 'Wattle Gr'],
    ['The Strand', 'The Strand'],
  ])('shortStreetName(%j) is %j', (street, expected) => {
    expect(shortStreetName(street)).toBe(expected);
  });
});

describe('matchedTerms', () => {
  // docs/decisions/021-autocomplete-bounds.md: common words are checked on the rows, not indexed.
  it.each([
    ['100 harris street, pyrm', [' 100 ', ' harris ', ' pyrm'], [' street ']],
    ['14 george st', [' 14 ', ' george '], [' st']],
    ['george stre', [' george '], [' stre']],
    ['street nsw ', [], [' street ', ' nsw ']],
    ['Road, VIC 3000', [' 3000'], [' road ', ' vic ']],
    ['1 s', [' 1 '], [' s']],
    ['gre', [' gre'], []],
    ['kellyville wa', [' kellyville '], [' wa']],
    ['esplanade tas', [' esplanade ', ' tas'], []],
  ])('%j: indexed %j, checked %j', (text, indexed, checked) => {
    expect(matchedTerms(searchTerms(text))).toEqual({ indexed, checked });
  });
});

describe('typedRange', () => {
  // docs/decisions/021-autocomplete-bounds.md, "Typed in order".
  it.each([
    ['100 Harris St, Pyr', 'address', ' 100 harris street st pyr', ' 100 harris street st pys'],
    ['100 harris street ', 'address', ' 100 harris street st ', ' 100 harris street st!'],
    [
      'Harris Street, Pyrmont NSW 20',
      'street',
      'harris street st pyrmont nsw 20',
      'harris street st pyrmont nsw 21',
    ],
    ['gre', 'street', 'gre', 'grf'],
    ['14 george', 'address', ' 14 george', ' 14 georgf'],
    ['12a smith', 'address', ' 12a smith', ' 12a smiti'],
    ['the avenue, kew 9', 'street', 'the avenue ave av kew 9', 'the avenue ave av kew :'],
    ['oz', 'street', 'oz', 'o{'],
  ])('%j: the %s line from %j to %j', (text, line, from, to) => {
    expect(typedRange(searchTerms(text))).toEqual({ line, from, to });
  });

  it('is every key that starts with the typed text, and no other', () => {
    const key = addressSearchKey({
      street_number: '100',
      street: 'Harris Street',
      suburb: 'Pyrmont',
      state: 'NSW',
      postcode: '2009',
    });
    const inRange = (text: string, k: string) => {
      const range = typedRange(searchTerms(text))!;
      return range.from <= k && k < range.to;
    };
    const street = key.replace(/^[ 0-9]+/, '');
    for (let end = 3; end <= '100 Harris Street, Pyrmont NSW 2009'.length; end += 1) {
      expect(inRange('100 Harris Street, Pyrmont NSW 2009'.slice(0, end), key)).toBe(true);
    }
    expect(inRange('100 Harris St, Pyrmont', key)).toBe(true);
    expect(inRange('Harris St Pyrm', street)).toBe(true);
    expect(inRange('100 Harris Road', key)).toBe(false);
    expect(inRange('10 Harris', key)).toBe(false);
    expect(inRange('Harris Street, Ultimo', street)).toBe(false);
  });
});
