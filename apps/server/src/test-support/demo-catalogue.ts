import { readFileSync } from 'node:fs';
import { type ProviderCatalogue, parseProviderCatalogue } from '@fibre/domain/catalogue';
import { demoCatalogueFile } from '../http/paths.ts';
import { buildingRow } from '../catalogue/rows.ts';

/** The bundled demo catalogue, parsed: what a fresh database serves (tests and benchmarks). */
export function demoCatalogue(): ProviderCatalogue {
  const parsed = parseProviderCatalogue(readFileSync(demoCatalogueFile, 'utf8'));
  if (!parsed.ok) throw new Error(`catalogue/demo.yaml: ${JSON.stringify(parsed.issues)}`);
  return parsed.catalogue;
}

/** The demo's buildings as the buildings table holds them. */
export const demoBuildings = demoCatalogue().buildings.map(buildingRow);

/** The demo catalogue under another provider code (a test's own Redis keys, say). */
export function demoCatalogueOf(code: string): ProviderCatalogue {
  const demo = demoCatalogue();
  return { ...demo, provider: { ...demo.provider, code } };
}
