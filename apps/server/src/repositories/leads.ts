import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Schema } from '../db/schema.ts';

/** The only SQL for leads. */

/**
 * A lead row as stored: the table's own type, so the two cannot drift, less the console's
 * contacted mark (migration 012), which a new lead never has.
 */
export type NewLead = Omit<Selectable<Schema['leads']>, 'contacted_at' | 'contacted_by'>;

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
  /** Runs in the lead's transaction when the lead is new (the ops notification's outbox row). */
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
