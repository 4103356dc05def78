/**
 * Days without installations, from the catalogue's closures (docs/catalogue.md): a public holiday
 * closes every window of its state's day; a crew day off takes that many crews out of the day's
 * windows, so their capacity drops. Pure: the repository reads them (repository/calendar.ts).
 */

/** 'YYYY-MM-DD' in the state's zone -> null (closed) or the number of crews off. */
export type DayClosures = ReadonlyMap<string, number | null>;

export const noClosures: DayClosures = new Map();

/** The windows still worked on a day with this closure; a window without crews is gone. */
export function openWindows<W extends { crewIds: readonly string[] }>(
  windows: readonly W[],
  closure: number | null | undefined,
): readonly W[] {
  if (closure === undefined) return windows;
  if (closure === null) return [];
  return windows
    .map((w) => ({ ...w, crewIds: w.crewIds.slice(0, Math.max(0, w.crewIds.length - closure)) }))
    .filter((w) => w.crewIds.length > 0);
}

/** Closures of one state as rows come from the table: holidays win, crews off add up. */
export function dayClosures(rows: ReadonlyArray<{ day: string; crews_off: number | null }>) {
  const days = new Map<string, number | null>();
  for (const { day, crews_off } of rows) {
    const before = days.get(day);
    if (before === null || crews_off === null) days.set(day, null);
    else days.set(day, (before ?? 0) + crews_off);
  }
  return days as DayClosures;
}
