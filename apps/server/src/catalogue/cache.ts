import type { Legal, Plan, Router } from '@fibre/domain/api';
import type { DocumentSpec, ProviderSpec } from '@fibre/domain/catalogue';
import type { DomainConfig } from '@fibre/domain/shared';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { PreparedAnswer } from '../http/prepared.ts';
import type { StateCalendar } from '../scheduling/index.ts';
import type { State } from '../scheduling/index.ts';
import type { BuildingIndex } from './buildings.ts';
import { latestVersion, latestVersionNumber } from './repository/catalogue-versions.ts';
import { onImport } from './import.ts';
import { snapshotOf } from './snapshot.ts';

/**
 * The catalogue the server is serving, as one immutable snapshot: routes and order pricing read
 * it from here, never from constants. An import elsewhere replaces the snapshot on every instance.
 */
export interface CatalogueSnapshot {
  /** Increases with every import. */
  version: number;
  /** Brand and contact details; provider.code is the {provider} segment and every rsp. */
  provider: ProviderSpec;
  /** The rules and prices the domain functions take (the wizard is sent the same). */
  domain: DomainConfig;
  /** Active plans (hidden ones included: the wizard hides them), slowest first. */
  plans: Plan[];
  /** Active routers, cheapest first. */
  routers: Router[];
  /** True when this is the bundled demo catalogue. */
  isDemo: boolean;
  /**
   * The documents, notice, marketing words and other charges the wizard shows
   * (docs/rules/documents-and-consent.md), in the public config's shape.
   */
  legal: Legal;
  /**
   * The documents as the catalogue names them, hashes and each plan's CIS version included: what
   * an order's acceptance record is built from.
   */
  documents: {
    terms?: DocumentSpec | undefined;
    privacy?: DocumentSpec | undefined;
    /** The Direct Debit Request and service agreement: direct debit is offered only with it. */
    directDebit?: DocumentSpec | undefined;
    cis: ReadonlyMap<
      string,
      { url: string; version?: string | undefined; sha256?: string | undefined }
    >;
  };
  /** A state's working crews and closures, what its windows come from (catalogue/calendars.ts). */
  calendar: (state: State) => StateCalendar;
  /** The active buildings, looked up in memory (catalogue/buildings.ts). */
  buildings: BuildingIndex;
  /**
   * The plans and routers answers, serialised once per version with their ETag
   * (docs/decisions/020-reads-from-memory.md).
   */
  answers: { plans: PreparedAnswer; routers: PreparedAnswer };
}

export interface CatalogueCache {
  current(): CatalogueSnapshot;
  close(): Promise<void>;
}

declare module '../context.ts' {
  interface AppContext {
    /** The catalogue being served: brand, rules and prices (catalogue/cache.ts). */
    catalogue: CatalogueCache;
  }
}

/** The longest wait between polls while they fail. */
export const POLL_BACKOFF_CAP_MS = 5_000;

export interface CacheOptions {
  /** PROVIDER_NAME and the other brand variables, which override the file's words. */
  brand?: Config['provider'];
  /** How often PostgreSQL is asked whether an import happened; 250 ms by default. */
  pollMs?: number;
  /**
   * Where a failed poll or reload is said; the last snapshot is served meanwhile, and polls that
   * fail in a row wait longer each time (up to POLL_BACKOFF_CAP_MS).
   */
  onError?: (error: unknown) => void;
}

/**
 * Loads the newest catalogue version and keeps it current (docs/decisions/011-catalogue-as-data.md):
 * an import in this process reloads it before the import returns; on PostgreSQL it also polls
 * `max(version)` every pollMs, so an import by another instance or the CLI is served within a
 * second. PGlite is one process, so the in-process reload is all it needs.
 */
export async function openCatalogueCache(
  database: Database,
  options: CacheOptions = {},
): Promise<CatalogueCache> {
  const load = async () => {
    const row = await latestVersion(database.db);
    if (!row) throw new Error('The database holds no catalogue: import one first');
    return snapshotOf(row, options.brand);
  };
  let snapshot = await load();
  let closed = false;

  let reloading: Promise<void> | undefined;
  const reload = () => {
    reloading ??= load()
      .then((next) => {
        if (next.version > snapshot.version) snapshot = next;
      })
      .finally(() => (reloading = undefined));
    return reloading;
  };
  const stopListening = onImport(database, reload);

  let timer: NodeJS.Timeout | undefined;
  if (database.kind === 'postgres') {
    const pollMs = options.pollMs ?? 250;
    // Polls failed in a row: while the database is away (a restart, a failover) each wait doubles,
    // up to POLL_BACKOFF_CAP_MS, so its absence is said a few times, not four times a second
    // (docs/deploy.md, "When the database restarts"). The last snapshot is served meanwhile.
    let failures = 0;
    const poll = async () => {
      try {
        const newest = await latestVersionNumber(database.db);
        if (!closed && newest !== null && newest > snapshot.version) await reload();
        failures = 0;
      } catch (error) {
        failures += 1;
        if (!closed) options.onError?.(error);
      } finally {
        const wait = Math.min(pollMs * 2 ** failures, Math.max(pollMs, POLL_BACKOFF_CAP_MS));
        if (!closed) timer = setTimeout(() => void poll(), wait);
      }
    };
    timer = setTimeout(() => void poll(), pollMs);
  }

  return {
    current: () => snapshot,
    async close() {
      closed = true;
      clearTimeout(timer);
      stopListening();
      await reloading?.catch(() => undefined);
    },
  };
}
