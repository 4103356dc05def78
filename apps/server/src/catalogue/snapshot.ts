import type { Config } from '../config.ts';
import type { CatalogueVersion } from './repository/catalogue-versions.ts';
import type { CatalogueSnapshot } from './cache.ts';
import { domainConfigFromCatalogue, planFromSpec, routerFromSpec } from '@fibre/domain/catalogue';
import { legalFromCatalogue } from '@fibre/domain/consent';
import { prepared } from '../http/prepared.ts';
import { buildingIndex } from './buildings.ts';
import { calendarsOf } from './calendars.ts';
import { buildingRow, campaignRow } from './rows.ts';

/**
 * A stored version as the snapshot routes read: the document's plans and routers in the answers'
 * shape, its rules, and its brand under the configuration's brand variables (README,
 * configuration: PROVIDER_NAME and the others override the file's words when set).
 */
export function snapshotOf(row: CatalogueVersion, brand?: Config['provider']): CatalogueSnapshot {
  const c = row.document;
  const code = c.provider.code;
  const plans = c.plans.map((p) => planFromSpec(p, code)).sort((a, b) => a.speed - b.speed);
  const routers = c.routers
    .map((r) => routerFromSpec(r, code))
    .sort((a, b) => Number(a.cost) - Number(b.cost));
  return {
    version: row.version,
    provider: {
      ...c.provider,
      name: brand?.name ?? c.provider.name,
      colour: brand?.brandColour ?? c.provider.colour,
      support_phone: brand?.phone ?? c.provider.support_phone,
      support_email: brand?.email ?? c.provider.support_email,
      links: {
        ...c.provider.links,
        billing_portal: brand?.billingPortalUrl ?? c.provider.links.billing_portal,
      },
    },
    domain: domainConfigFromCatalogue(c),
    plans,
    routers,
    isDemo: row.source === 'demo',
    // The brand's words as the pages show them: the default notices name its phone and email.
    legal: legalFromCatalogue({
      ...c,
      provider: {
        ...c.provider,
        name: brand?.name ?? c.provider.name,
        support_phone: brand?.phone ?? c.provider.support_phone,
        support_email: brand?.email ?? c.provider.support_email,
      },
    }),
    documents: {
      terms: c.documents?.terms,
      privacy: c.documents?.privacy,
      directDebit: c.documents?.direct_debit,
      cis: new Map(
        c.plans.map((p) => [
          p.id,
          { url: p.cis_url, version: p.cis_version, sha256: p.cis_sha256 },
        ]),
      ),
    },
    // The rows the import stored for this version (catalogue/rows.ts); a dropped building is
    // retired there and absent here.
    calendar: calendarsOf(c),
    buildings: buildingIndex(
      c.buildings.map(buildingRow),
      c.campaigns.map((campaign) => campaignRow(campaign, code)),
    ),
    answers: {
      plans: prepared(plans, `catalogue-${row.version}-plans`),
      routers: prepared(routers, `catalogue-${row.version}-routers`),
    },
  };
}
