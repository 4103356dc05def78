import type { DomainConfig, Plan, ProviderSpec, Router } from '@fibre/domain';

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
}

export interface CatalogueCache {
  current(): CatalogueSnapshot;
  close(): Promise<void>;
}

/** A cache that never changes: tests, and the interim wiring until imports exist. */
export function fixedCatalogue(snapshot: CatalogueSnapshot): CatalogueCache {
  return { current: () => snapshot, close: async () => undefined };
}
