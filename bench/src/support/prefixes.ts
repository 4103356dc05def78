import { shortStreetName } from '@fibre/server/testing';
import type { IndexedAddress } from './stores.ts';
import { Random } from './random.ts';
import { ms } from './report.ts';

/**
 * What a person has typed into the address field when the autocomplete is asked: an address from
 * the index, written one of three ways, cut after any character from the third on (every keystroke
 * past the wizard's minimum asks).
 * - as the index writes it: '14 George Street, Pyrmont NSW 2009' -> '14 George Stre'
 * - with the street type short, as people write it: '14 George St, Pyrm'
 * - without the house number: 'George Street Pyrmo'
 */
export function typedPrefixes(addresses: IndexedAddress[], seed = 7): string[] {
  const random = new Random(seed);
  return addresses.map((a) => {
    const style = random.next();
    const full =
      style < 0.6
        ? a.formatted_address
        : style < 0.8
          ? a.formatted_address.replace(a.street, shortStreetName(a.street))
          : `${a.street} ${a.suburb}`;
    return full.slice(0, random.int(3, full.length));
  });
}

/** The three slowest prefixes and their times, for the budget's cause. */
export function slowest(timed: Array<{ q: string; ms: number }>): string {
  return [...timed]
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 3)
    .map((t) => `'${t.q}' (${ms(t.ms)})`)
    .join(', ');
}
