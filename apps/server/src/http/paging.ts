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

/*
 * A cursor comes back from the client, so it is checked as input (docs/decisions/008-server-input.md):
 * an id the lists could have given (bounded, no control characters or lone surrogates, which PostgreSQL's text cannot
 * hold) and a time PostgreSQL's timestamptz holds, or a 400 naming `cursor`, never a 500.
 */
const CURSOR_ID = /^[^\p{Cc}\p{Cs}]{1,200}$/u;
const EARLIEST = Date.UTC(1970, 0, 1);
const LATEST = Date.UTC(10000, 0, 1) - 1;
/** The largest xid8 (an unsigned 64-bit number). */
const LARGEST_XID = 2n ** 64n - 1n;

const refuseCursor = (): never => {
  const message = 'cursor is not one this list gave';
  throw new Refusal('invalid', 'invalid_input', message, { cursor: message });
};

/** The cursor's two parts, or undefined when it is not base64url JSON of two. */
function cursorParts(cursor: string): [unknown, unknown] | undefined {
  if (cursor.length > 600 || !/^[A-Za-z0-9_-]*$/.test(cursor)) return undefined;
  try {
    const parts: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString());
    if (Array.isArray(parts) && parts.length === 2) return [parts[0], parts[1]];
  } catch {
    // Not JSON: refused by the caller.
  }
  return undefined;
}

const isCursorId = (id: unknown): id is string => typeof id === 'string' && CURSOR_ID.test(id);

export function pageStart(cursor: string | undefined): PageStart | undefined {
  if (cursor === undefined) return undefined;
  const [created, id] = cursorParts(cursor) ?? [];
  if (typeof created !== 'string' || !isCursorId(id)) return refuseCursor();
  const at = new Date(created);
  const time = at.getTime();
  if (Number.isNaN(time) || time < EARLIEST || time > LATEST) return refuseCursor();
  return { created: at, id };
}

/** A page of `limit` rows: fetched one more, to know whether another page follows. */
export function paged<T extends { created_at: Date; id: string }>(rows: T[], limit: number) {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > limit && last ? cursorOf(last) : null };
}

/*
 * The change lists (docs/rules/operators.md#api-keys, docs/decisions/026-api-keys.md): rows in the
 * order of the transaction that last wrote them (change_xid), then id; a cursor is the last row's.
 */

/** Where a change list continues: after the row written by this transaction, with this id. */
export interface ChangeStart {
  xid: string;
  id: string;
}

export const changeCursorOf = (row: { change_xid: string; id: string }): string =>
  Buffer.from(JSON.stringify([row.change_xid, row.id])).toString('base64url');

export function changeStart(cursor: string | undefined): ChangeStart | undefined {
  if (cursor === undefined) return undefined;
  const [xid, id] = cursorParts(cursor) ?? [];
  if (typeof xid !== 'string' || !/^\d{1,20}$/.test(xid) || BigInt(xid) > LARGEST_XID)
    return refuseCursor();
  if (!isCursorId(id)) return refuseCursor();
  return { xid, id };
}

/** A page of changes: fetched one more, to say whether more wait; the cursor to continue from. */
export function changePage<T extends { change_xid: string; id: string }>(
  rows: T[],
  limit: number,
  given: string | undefined,
) {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return {
    items,
    nextCursor: last ? changeCursorOf(last) : (given ?? null),
    more: rows.length > limit,
  };
}

/** What the change lists' document says (docs/rules/operators.md#api-keys). */
export const changesDescription = (row: string) =>
  `Every ${row} written since \`updated_since\` (all without it), in the order of the transaction that last wrote it, then its id; each with \`updated\`, when it was last written. Give back \`nextCursor\` as \`cursor\` to continue: a ${row} written again later comes again, and none is skipped, even one whose transaction commits after a later one (rows wait until every older transaction has finished). \`more\` says whether rows already wait after this page. docs/rules/operators.md#api-keys.`;
