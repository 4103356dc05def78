import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { NewLead, Schema } from '../db/schema.ts';
import { inTransaction } from '../db/transactions.ts';
import type { ChangeStart, PageStart } from '../http/paging.ts';
import { recordAudit, type AuditEntry } from '../operators/index.ts';

/** The only SQL for leads: stored, listed for the console and its change list, marked contacted. */

type Db = Kysely<Schema>;
type Operator = Pick<AuditEntry, 'operatorEmail' | 'at'>;

export type { NewLead };

/**
 * Stores a lead unless the same one (its `fingerprint`) was stored in the last `withinMs`, and
 * answers the id that holds it: the new one, or the earlier one's. The fingerprint's row is the
 * claim: inserting it, or taking over one older than the window, is one statement under the
 * row's lock, so the same lead sent at once to several instances is stored once.
 */
export async function recordLead(
  db: Kysely<Schema>,
  lead: NewLead,
  fingerprint: string,
  withinMs: number,
  /** Runs in the lead's transaction when the lead is new (its `lead.created` event). */
  onNew?: (trx: Transaction<Schema>) => Promise<void>,
): Promise<string> {
  const since = new Date(lead.created_at.getTime() - withinMs);
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .insertInto('lead_fingerprints')
      .values({ fingerprint, lead_id: lead.id, created_at: lead.created_at })
      .onConflict((c) =>
        c
          .column('fingerprint')
          .doUpdateSet({ lead_id: lead.id, created_at: lead.created_at })
          .where('lead_fingerprints.created_at', '<=', since),
      )
      .returning('lead_id')
      .executeTakeFirst();
    if (!claimed) {
      const earlier = await trx
        .selectFrom('lead_fingerprints')
        .select('lead_id')
        .where('fingerprint', '=', fingerprint)
        .executeTakeFirstOrThrow();
      return earlier.lead_id;
    }
    await trx.insertInto('leads').values(lead).execute();
    await onNew?.(trx);
    return lead.id;
  });
}

/** Leads, newest first: at most `limit`, after `after` (every lead when `limit` is undefined). */
export async function listLeads(
  db: Kysely<Schema>,
  page: { limit?: number; after?: PageStart | undefined },
) {
  let query = db.selectFrom('leads').selectAll();
  const after = page.after;
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('created_at', '<', after.created),
        eb.and([eb('created_at', '=', after.created), eb('id', '<', after.id)]),
      ]),
    );
  }
  query = query.orderBy('created_at', 'desc').orderBy('id', 'desc');
  return (page.limit === undefined ? query : query.limit(page.limit)).execute();
}

export type LeadRow = Selectable<Schema['leads']>;

/**
 * Leads changed since `since`, in the order of the transaction that wrote them, then id: at most
 * `limit`, after `after`; only rows of transactions older than every one still running
 * (docs/decisions/026-api-keys.md), as the orders' change list.
 */
export async function leadChanges(
  db: Kysely<Schema>,
  search: { since?: Date | undefined; after?: ChangeStart | undefined; limit: number },
): Promise<(LeadRow | ErasedLeadRow)[]> {
  const rows = async <T extends 'leads' | 'erased_leads'>(table: T) => {
    let query = db
      .selectFrom(table as 'leads')
      .selectAll()
      // xid8 is read back as its decimal text, the cursor's form.
      .where(sql<boolean>`change_xid < pg_snapshot_xmin(pg_current_snapshot())`);
    if (search.since) query = query.where('updated_at', '>=', search.since);
    const after = search.after;
    if (after)
      query = query.where(sql<boolean>`(change_xid, id) > (${after.xid}::xid8, ${after.id})`);
    return query.orderBy('change_xid').orderBy('id').limit(search.limit).execute();
  };
  // The leads, and the erased ones (migration 039, docs/rules/personal-data-requests.md#erase):
  // each list's first `limit`, merged in the same (change_xid, id) order, then the first `limit`.
  const [leads, erased] = await Promise.all([
    rows('leads'),
    rows('erased_leads') as unknown as Promise<ErasedLeadRow[]>,
  ]);
  const key = (row: { change_xid: string; id: string }) =>
    [BigInt(row.change_xid), row.id] as const;
  return [...leads, ...erased]
    .sort((a, b) => {
      const [ax, ai] = key(a);
      const [bx, bi] = key(b);
      return ax < bx ? -1 : ax > bx ? 1 : ai < bi ? -1 : ai > bi ? 1 : 0;
    })
    .slice(0, search.limit);
}

export type ErasedLeadRow = Selectable<Schema['erased_leads']>;

const contactOf = (lead: Pick<LeadRow, 'contacted_at' | 'contacted_by'>) => ({
  contactedAt: lead.contacted_at?.toISOString() ?? null,
  contactedBy: lead.contacted_by,
});

/**
 * Marks a lead contacted by the operator (`contacted` true) or clears the mark (false), with its
 * audit record in the same transaction; the lead as it is afterwards, or undefined when no lead has
 * this id.
 */
export async function markLeadContacted(
  db: Db,
  leadId: string,
  contacted: boolean,
  operator: Operator,
  /** Runs in the change's transaction when the lead becomes contacted (its event). */
  onContacted?: (trx: Transaction<Schema>) => Promise<void>,
): Promise<LeadRow | undefined> {
  return inTransaction(db, async (trx) => {
    const before = await trx
      .selectFrom('leads')
      .selectAll()
      .where('id', '=', leadId)
      .forUpdate()
      .executeTakeFirst();
    if (!before) return undefined;
    const after = await trx
      .updateTable('leads')
      .set(
        contacted
          ? { contacted_at: operator.at, contacted_by: operator.operatorEmail }
          : { contacted_at: null, contacted_by: null },
      )
      .where('id', '=', leadId)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (contacted && !before.contacted_at) await onContacted?.(trx);
    await recordAudit(trx, {
      ...operator,
      action: contacted ? 'lead_contacted' : 'lead_uncontacted',
      subjectType: 'lead',
      subjectId: leadId,
      before: contactOf(before),
      after: contactOf(after),
    });
    return after;
  });
}
