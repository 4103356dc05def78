import { Refusal } from './errors.ts';

/*
 * The console's lists, a page at a time (docs/rules/operators.md#reading): pages run newest first
 * on (created_at, id), and a page's cursor is opaque to the console.
 */

/** Where a page starts: after the row with this creation time and id. */
export interface PageStart {
  created: Date;
  id: string;
}

/** A page's cursor: the last row's creation time and id, opaque to the console. */
export const cursorOf = (row: { created_at: Date; id: string }): string =>
  Buffer.from(JSON.stringify([row.created_at.toISOString(), row.id])).toString('base64url');

export function pageStart(cursor: string | undefined): PageStart | undefined {
  if (cursor === undefined) return undefined;
  try {
    const [created, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as unknown[];
    const at = new Date(String(created));
    if (typeof id === 'string' && !Number.isNaN(at.getTime())) return { created: at, id };
  } catch {
    // Falls through to the refusal.
  }
  const message = 'cursor is not one this list gave';
  throw new Refusal('invalid', 'invalid_input', message, { cursor: message });
}

/** A page of `limit` rows: fetched one more, to know whether another page follows. */
export function paged<T extends { created_at: Date; id: string }>(rows: T[], limit: number) {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > limit && last ? cursorOf(last) : null };
}
