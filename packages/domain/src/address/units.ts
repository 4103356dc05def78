/**
 * A building's units (docs/rules/contact-and-connection.md#the-buildings-units): where the
 * catalogue lists them, the unit entered must be one of them, compared by one key.
 */

// A word naming the unit that a visitor or a catalogue may write before its number. Not 'Shop' or
// 'Suite': in a mixed building 'Shop 1' and '1' may be two places.
const unitWord = /^(?:unit|apartment|apt|flat)\.?(?=\s|\d)/i;

/**
 * The unit's key: upper case, with no spaces and no word naming it, so 'Unit 12B', 'unit 12b',
 * 'Apt. 12 B' and '12B' are one unit. '' for no unit (empty or '0').
 */
export function unitKey(unit: string | null | undefined): string {
  const trimmed = (unit ?? '').trim();
  const key = trimmed.replace(unitWord, '').replace(/\s+/g, '').toUpperCase();
  return key === '0' ? '' : key;
}

/** The building's units as the wizard offers them: each key once, in the catalogue's order. */
export function listedUnits(units: readonly string[]): string[] {
  return [...new Set(units.map(unitKey).filter((key) => key !== ''))];
}

/**
 * Whether the building has the unit: always, where the catalogue lists no units (the unit's own
 * format rule is then the only rule); else when one listed unit has the same key.
 */
export function buildingHasUnit(units: readonly string[], unit: string): boolean {
  if (units.length === 0) return true;
  const key = unitKey(unit);
  return key !== '' && units.some((listed) => unitKey(listed) === key);
}
