import type { AppContext } from '../context.ts';
import type { SearchTerms } from './address-text.ts';
import { addressRevision, searchAddresses, type AddressRow } from './repository/addresses.ts';
import { freshReads } from '../http/fresh-reads.ts';

/**
 * Autocomplete answers kept until the address index changes (docs/decisions/022-kept-answers.md,
 * "Autocomplete answers"): every visitor who types a street asks its first letters, and the index
 * changes only with an import. Per instance, the AUTOCOMPLETE_KEPT searches asked most recently.
 * A kept answer is sent while the index's revision (migration 019) is the one read before it was
 * searched; each call waits for a read of the revision that began after it asked, shared by the
 * calls that wait at once (freshReads). A search that failed or timed out is not kept.
 */
export interface KeptSearches {
  search(terms: SearchTerms, limit: number): Promise<AddressRow[]>;
}

export function keptSearches(ctx: AppContext): KeptSearches {
  const keepAtMost = ctx.config.autocompleteKept;
  const kept = new Map<string, { revision: string; rows: Promise<AddressRow[]> }>();
  const revisions = freshReads<string>();
  // Searches run on connections of their own; PostgreSQL cancels one past its time. PGlite's one
  // thread cannot be interrupted, and its bound is the search's bounded work
  // (docs/decisions/021-autocomplete-bounds.md). The revision is read there too.
  const searchDb = () => ctx.database.search(ctx.config.autocompleteTimeoutMs);
  const run = (terms: SearchTerms, limit: number) => searchAddresses(searchDb(), terms, limit);

  return {
    async search(terms, limit) {
      if (keepAtMost === 0) return run(terms, limit);
      const revision = await revisions('addresses', () => addressRevision(searchDb()));
      const key = JSON.stringify([limit, terms.words, terms.prefix ?? null]);
      const found = kept.get(key);
      // Map order is the order of use: a found answer moves to the back, the front goes first.
      kept.delete(key);
      if (found && found.revision === revision) {
        kept.set(key, found);
        return found.rows;
      }
      const rows: Promise<AddressRow[]> = run(terms, limit).catch((error: unknown) => {
        if (kept.get(key)?.rows === rows) kept.delete(key);
        throw error;
      });
      if (kept.size >= keepAtMost) kept.delete(kept.keys().next().value!);
      kept.set(key, { revision, rows });
      return rows;
    },
  };
}
