/*
 * Address text as words, one normalisation for the index's search key, what the visitor types and
 * the addresses the wizard sends: lowercase, apostrophes dropped (O'Connor is one word,
 * 'oconnor'), anything but letters and digits separates words. Street types have several
 * spellings ('Street', 'St'): the search key holds them all, comparisons use the full one.
 */

const streetTypes: ReadonlyArray<readonly [string, ...string[]]> = [
  ['street', 'st'],
  ['road', 'rd'],
  ['avenue', 'ave', 'av'],
  ['drive', 'dr'],
  ['boulevard', 'blvd', 'bvd'],
  ['parade', 'pde'],
  ['crescent', 'cres', 'cr'],
  ['place', 'pl'],
  ['court', 'ct'],
  ['close', 'cl'],
  ['lane', 'ln'],
  ['terrace', 'tce'],
  ['grove', 'gr'],
  ['circuit', 'cct'],
  ['esplanade', 'esp'],
  ['highway', 'hwy'],
  ['gardens', 'gdns'],
  ['glade', 'glde'],
  ['square', 'sq'],
  ['way', 'wy'],
];

// Every spelling of a type -> all of its spellings. A Map: a street named 'Constructor' finds
// no inherited property.
const spellings: ReadonlyMap<string, readonly string[]> = new Map(
  streetTypes.flatMap((names) => names.map((name) => [name, names] as const)),
);

/** The street with its type in the maps service's short form: 'Harris Street' -> 'Harris St'. */
export function shortStreetName(street: string): string {
  const parts = street.trim().split(/\s+/);
  const short = spellings.get(parts.at(-1)!.toLowerCase())?.[1];
  if (!short) return parts.join(' ');
  return [...parts.slice(0, -1), short[0]!.toUpperCase() + short.slice(1)].join(' ');
}

/**
 * Words to compare two writings of one address: every street-type spelling becomes the full one,
 * a unit before a slash or after 'Unit' and a trailing ', Australia' are left out. So
 * '5/100 Harris St, Pyrmont NSW 2009, Australia' compares equal to '100 Harris Street, Pyrmont
 * NSW 2009'.
 */
export function comparableAddress(text: string): string {
  return words(withoutUnit(text).replace(/,\s*australia\s*$/i, ''))
    .map((w) => spellings.get(w)?.[0] ?? w)
    .join(' ');
}

/** The street address without the unit: '5/100 Harris St' and 'Unit 5, 100 Harris St'. */
export function withoutUnit(text: string): string {
  return text
    .slice(text.lastIndexOf('/') + 1)
    .replace(/^\s*(unit|apartment|apt|flat|suite|shop|level)\s*[a-z0-9]+\s*,?\s*/i, '')
    .trim();
}

export function words(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/['’]/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** The street's words with every spelling of its type: 'Harris Street' -> harris street st. */
export function streetWords(street: string): string[] {
  const w = words(street);
  const type = spellings.get(w.at(-1) ?? '');
  return type ? [...w.slice(0, -1), ...type] : w;
}

export interface AddressParts {
  street_number: string;
  street: string;
  suburb: string;
  state: string;
  postcode: string;
}

/** ' 100 harris street st pyrmont nsw 2009 ': the spaces at the ends make every word LIKE-able. */
export function addressSearchKey(a: AddressParts): string {
  const parts = [
    ...words(a.street_number),
    ...streetWords(a.street),
    ...words(a.suburb),
    ...words(a.state),
    ...words(a.postcode),
  ];
  return ` ${parts.join(' ')} `;
}

export interface SearchTerms {
  /** Words followed by a separator: the visitor finished typing them, so they match whole words. */
  words: string[];
  /** The word still being typed, matched as the start of a word. */
  prefix: string | undefined;
}

// A runaway query of many words would become as many LIKE conditions; the index needs few.
const maxTerms = 8;

/**
 * What the visitor typed, as search terms: '100 Harris Street, Pyrm' gives words
 * [100, harris, street] and prefix 'pyrm'. A unit before a slash ('5/100 Harris St') is not part
 * of the street address and is left to the caller.
 */
export function searchTerms(text: string): SearchTerms {
  // A pasted address from the maps service ends with the country, which the key does not hold.
  const cleaned = text
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/,\s*australia\s*$/, ' ');
  const all = words(cleaned);
  const finished = /[^a-z0-9]$/.test(cleaned) || all.length > maxTerms;
  const kept = all.slice(0, maxTerms);
  const prefix = finished ? undefined : kept.pop();
  return { words: kept, prefix };
}

/*
 * Words so common in Australian addresses that asking the trigram index for them costs more than
 * it narrows (docs/decisions/021-autocomplete-bounds.md): each is in more than about one address
 * in twenty. The street types Street, Road, Avenue, Drive, Court and Place in every spelling, and
 * the states with the most addresses.
 */
const commonWords: ReadonlySet<string> = new Set([
  ...['street', 'road', 'avenue', 'drive', 'court', 'place'].flatMap((w) => spellings.get(w)!),
  ...['nsw', 'vic', 'qld', 'wa', 'sa'],
]);

/** The shortest start of a word the trigram index answers well: two letters match too many. */
const shortestIndexedPrefix = 3;

/**
 * The search terms split by how they are matched (docs/decisions/021-autocomplete-bounds.md):
 * `indexed` drive the trigram index; `checked` are common words, and a word still being typed that
 * is short or the start of a common word ('stre'), checked on the rows the others found. Each is a
 * needle as the search key holds it: ' street ' for a whole word, ' stre' for a word's start.
 */
export function matchedTerms(terms: SearchTerms): { indexed: string[]; checked: string[] } {
  const indexed: string[] = [];
  const checked: string[] = [];
  for (const word of terms.words) (commonWords.has(word) ? checked : indexed).push(` ${word} `);
  const prefix = terms.prefix;
  if (prefix !== undefined) {
    const common =
      prefix.length < shortestIndexedPrefix || [...commonWords].some((w) => w.startsWith(prefix));
    (common ? checked : indexed).push(` ${prefix}`);
  }
  return { indexed, checked };
}

/**
 * The range of search keys that start with what the visitor typed, when it is typed in order
 * (docs/decisions/021-autocomplete-bounds.md, "Typed in order"): '100 Harris St, Pyr' is every key
 * from ' 100 harris street st pyr' up to, not including, ' 100 harris street st pys'. A finished
 * street type stands for all its spellings, as the key holds them. Typed without a house number,
 * the range is of the key after its number ('harris street st pyr'), on the `street` line.
 */
export function typedRange(
  terms: SearchTerms,
): { line: 'address' | 'street'; from: string; to: string } | undefined {
  const typed = [...terms.words.flatMap((w) => spellings.get(w) ?? [w])];
  if (terms.prefix !== undefined) typed.push(terms.prefix);
  if (typed.length === 0) return undefined;
  const line = /^[0-9]/.test(typed[0]!) ? 'address' : 'street';
  const from = `${line === 'address' ? ' ' : ''}${typed.join(' ')}${terms.prefix === undefined ? ' ' : ''}`;
  // Keys are lowercase letters, digits and spaces, compared byte by byte: the next key that does
  // not start with `from` starts with `from` whose last character is one higher.
  const to = from.slice(0, -1) + String.fromCharCode(from.charCodeAt(from.length - 1) + 1);
  return { line, from, to };
}
