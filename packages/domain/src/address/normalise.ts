/**
 * Normalisers (docs/rules/address-and-serviceability.md, docs/rules/contact-and-connection.md):
 * they tidy a value; the schemas decide whether it is valid.
 */

/**
 * A number not starting with +61 loses its leading character (the 0) and gains +61
 * (docs/rules/contact-and-connection.md).
 */
export function normaliseMobile(phone: string): string {
  const compact = phone.replace(/\s/g, '');
  return compact.startsWith('+61') ? compact : `+61${compact.slice(1)}`;
}

/**
 * docs/rules/address-and-serviceability.md: trim, strip leading characters that are not a digit or
 * G, strip trailing non-hex characters, drop leading zeros, uppercase. Two choices of ours:
 * - a lowercase g counts as G, since codes are uppercased anyway and visitors type 'g1a2b3';
 * - junk left in front once the zeros are gone ('0-12') is stripped with them, so the result
 *   always starts with 1-9 or G and normalising a normalised code changes nothing.
 */
export function normaliseBuildingCode(code: string): string {
  return code
    .trim()
    .replace(/^[^1-9g]+/i, '')
    .replace(/[^0-9a-f]+$/i, '')
    .toUpperCase();
}

// A Map, not an object literal, so a street named 'Constructor' finds no inherited property.
const streetTypeAbbreviations: ReadonlyMap<string, string> = new Map([
  ['avenue', 'Av'],
  ['crescent', 'Cr'],
  ['esplanade', 'Esp'],
  ['gardens', 'Gdns'],
  ['glade', 'Glde'],
  ['grove', 'Gr'],
  ['lane', 'Ln'],
  ['terrace', 'Tce'],
]);

/**
 * The street type is the street name's last word; only that word is abbreviated
 * (docs/rules/address-and-serviceability.md).
 */
export function abbreviateStreetType(street: string): string {
  const words = street.trim().split(' ');
  const abbreviation = streetTypeAbbreviations.get(words.at(-1)!.toLowerCase());
  return abbreviation ? [...words.slice(0, -1), abbreviation].join(' ') : words.join(' ');
}

/**
 * The street number falls back to the first word the visitor typed
 * (docs/rules/address-and-serviceability.md).
 */
export function streetNumberFallback(fromComponents: string | undefined, typed: string): string {
  const number = fromComponents?.trim();
  return number ? number : (typed.trim().split(/\s+/)[0] ?? '');
}

/** The unit counts as absent when empty or '0' (docs/rules/address-and-serviceability.md). */
export function hasUnit(unit: string | null | undefined): boolean {
  const trimmed = unit?.trim() ?? '';
  return trimmed !== '' && trimmed !== '0';
}

/**
 * docs/rules/address-and-serviceability.md: the building search sends the part after a slash of the
 * uppercased input (the unit comes before it, '5/100 Harris St'), or the whole input. The whole
 * input is uppercased too, so the portal sees one form; with several slashes the part after the
 * last one is the street.
 */
export function buildingSearchAddress(input: string): string {
  const upper = input.toUpperCase();
  return upper.slice(upper.lastIndexOf('/') + 1).trim();
}
