import type { InstallBodyFacts } from '@fibre/domain/install';
import { buildAcceptance, type AcceptanceRecord } from '@fibre/domain/consent';
import type { CatalogueSnapshot } from '../catalogue/index.ts';
import type { PricedInstall } from './price-order.ts';

/**
 * The order's acceptance record (docs/rules/documents-and-consent.md), from the catalogue served
 * for this order and the body's ticks: the words are the server's own, never the browser's.
 */
export function acceptanceOf(
  served: CatalogueSnapshot,
  priced: PricedInstall,
  facts: Pick<InstallBodyFacts, 'marketing'>,
  now: Date,
  directDebit = false,
): AcceptanceRecord {
  const { plan, greenfield } = priced.catalogue;
  const { terms, privacy, cis } = served.documents;
  const ddr = directDebit ? served.documents.directDebit : undefined;
  return buildAcceptance({
    at: now,
    catalogueVersion: served.version,
    legal: { ...served.legal, ...(terms ? { terms } : {}), ...(privacy ? { privacy } : {}) },
    cis: { planName: plan.name, ...(cis.get(plan.id) ?? { url: plan.cisUrl }) },
    // What each month's charge is with the card's fee: the amount the visitor agreed to.
    monthly: (priced.monthlyCents + priced.cardFeeCents) / 100,
    newDevelopmentCharge: greenfield ? served.domain.newDevelopmentCharge : null,
    marketing: facts.marketing,
    ...(ddr ? { directDebit: ddr } : {}),
  });
}
