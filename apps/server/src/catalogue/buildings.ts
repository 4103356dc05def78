import type { Selectable } from 'kysely';
import type { Schema } from '../db/schema.ts';
import type { Building, StreetAddress } from './repository/buildings.ts';
import { comparableAddress, withoutUnit } from '../addresses/index.ts';

/**
 * The served catalogue's buildings, looked up in memory (docs/decisions/020-reads-from-memory.md):
 * the same answers as the repository's SQL (catalogue/repository/buildings.ts, which a test compares them
 * with), without a database round trip per read. Built once per catalogue version; the rows are
 * the ones the import stores (catalogue/rows.ts), retired buildings being absent from the file.
 */
export interface BuildingIndex {
  /** An active building's code, any case (the plans call's check). */
  byCode(code: string): Building | undefined;
  byId(id: string): Building | undefined;
  /** As findBuildingByAddress: the same text ignoring case, else the same words in its postcode. */
  byAddress(address: string): Building | undefined;
  /** As findBuildingByParts: number, suburb and postcode ignoring case, the street by its words. */
  byParts(parts: StreetAddress): Building | undefined;
  /** As findBuildingCampaign: the campaign of an active building (code, any case), with its state. */
  campaignOf(code: string): BuildingCampaign | undefined;
}

export type Campaign = Selectable<Schema['campaigns']>;
export type BuildingCampaign = Campaign & { state: string };

const push = <K, V>(map: Map<K, V[]>, key: K, value: V) => {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
};

export function buildingIndex(
  buildings: readonly Building[],
  campaigns: readonly Campaign[] = [],
): BuildingIndex {
  const campaignById = new Map(campaigns.map((c) => [c.id, c]));
  // The SQL orders by id and takes the first: so do these.
  const sorted = [...buildings].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const byCode = new Map<string, Building>();
  const byId = new Map<string, Building>();
  const byText = new Map<string, Building>();
  const byPostcode = new Map<string, Building[]>();
  for (const b of sorted) {
    byCode.set(b.code.toUpperCase(), b);
    byId.set(b.id, b);
    const text = b.formatted_address.toLowerCase();
    if (!byText.has(text)) byText.set(text, b);
    push(byPostcode, b.postcode, b);
  }
  return {
    byCode: (code) => byCode.get(code.toUpperCase()),
    byId: (id) => byId.get(id),
    campaignOf(code) {
      const building = byCode.get(code.toUpperCase());
      const campaign = building?.campaign_id ? campaignById.get(building.campaign_id) : undefined;
      return campaign && building && { ...campaign, state: building.state };
    },
    byAddress(address) {
      const street = withoutUnit(address);
      const same = byText.get(street.toLowerCase());
      if (same) return same;
      const postcode = /\b(\d{4})\b(?!.*\d)/.exec(street)?.[1];
      if (!postcode) return undefined;
      const wanted = comparableAddress(street);
      return byPostcode
        .get(postcode)
        ?.find((b) => comparableAddress(b.formatted_address) === wanted);
    },
    byParts(parts) {
      const number = withoutUnit(parts.street_number).toLowerCase();
      const suburb = parts.suburb.trim().toLowerCase();
      const street = comparableAddress(parts.street);
      return byPostcode
        .get(parts.postcode.trim())
        ?.find(
          (b) =>
            b.street_number.toLowerCase() === number &&
            b.suburb.toLowerCase() === suburb &&
            comparableAddress(b.street) === street,
        );
    },
  };
}
