import { defaultDomainConfig } from '@fibre/domain';
import type { Config } from '../config.ts';
import { fixedCatalogue, type CatalogueCache } from './cache.ts';

/** Until the catalogue is loaded from the database: the demo rules and the configured brand. */
export function interimCatalogue(config: Config): CatalogueCache {
  const p = config.provider;
  return fixedCatalogue({
    version: 0,
    provider: {
      code: p.code,
      name: p.name,
      colour: p.brandColour,
      support_phone: p.phone,
      support_email: p.email,
      links: { billing_portal: p.billingPortalUrl, navigation: [], social: [] },
    },
    domain: { ...defaultDomainConfig, provider: p.code },
    plans: [],
    routers: [],
    isDemo: true,
  });
}
