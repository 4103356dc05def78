/**
 * Every PostgreSQL advisory-lock key the server takes, in one list, so no two features share one
 * by accident (the address index once waited on the catalogue's imports for nothing: both used
 * 4712). PostgreSQL keeps two key spaces apart: a single bigint key (`pg_advisory_lock(k)`) and a
 * pair of integers (`pg_advisory_xact_lock(k, hashtext(...))`), so a key is unique within its
 * space. `db/lock-keys.test.ts` checks both, and that no advisory call elsewhere names a number.
 */
export const LOCK_KEYS = {
  /** One migration run at a time (db/migrate.ts). */
  migration: 4711,
  /** One catalogue import at a time (catalogue/import.ts). */
  catalogueImport: 4712,
  /** One generation of the built-in address index at a time (addresses/). */
  addressIndex: 4714,
  /** One first manager made from the console at a time (operators/). */
  firstManager: 4720,
  /** One retention sweep at a time; the others skip (retention/). */
  retention: 4730,
} as const;

/** The two-integer space: the first integer, with a hash of the holder as the second. */
export const PAIR_LOCK_KEYS = {
  /** One wizard session's holds queue on each other (scheduling/repository/hold-limits.ts). */
  holdSession: 4712,
  /** One client address's holds queue on each other (scheduling/repository/hold-limits.ts). */
  holdClient: 4713,
  /** The orders for one building's unit queue on each other (units/repository.ts). */
  buildingUnit: 4740,
} as const;
