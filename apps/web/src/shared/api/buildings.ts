import {
  buildingSearchAddress,
  isServiceable,
  normaliseBuildingCode,
  type Address,
} from '@fibre/domain/address';
import { buildingFoundAnswer, type Building } from '@fibre/domain/api';
import { get, post, type Options } from './client.ts';
import { logError } from './log.ts';

/** The portal's building calls (docs/rules/api.md); the first screen makes them. */

export type { Building };

export const searchBuilding = (address: string, o?: Options) =>
  post('/portal/api/v1/buildings/search', { address }, buildingFoundAnswer, o);

export const fetchBuilding = (id: string, o?: Options) =>
  get(`/portal/api/v1/buildings/${encodeURIComponent(id)}`, buildingFoundAnswer, o);

/**
 * The building search (docs/rules/address-and-serviceability.md): the portal finds the building by
 * address; a slave building with a master is replaced by its master, whose code the plans and
 * campaign are keyed on (82 Elizabeth Street G7A8B9 -> master G6F7A8). A failed search keeps the
 * lookup's code: the address is known to be serviceable, and the error is logged.
 */
export async function withMasterBuilding(address: Address, signal?: AbortSignal): Promise<Address> {
  if (!isServiceable(address.status)) return address;
  const options = signal ? { signal } : {};
  const found = await searchBuilding(buildingSearchAddress(address.formatted_address), options);
  if (!found.ok) {
    if (found.status === 404)
      logError('building search found no building', address.formatted_address);
    return address;
  }
  let building: Building = found.data.data;
  const masterId = building.addressComponents?.isSlave
    ? building.addressComponents.masterBuildingId
    : null;
  if (masterId) {
    const master = await fetchBuilding(masterId, options);
    if (!master.ok) return address;
    building = master.data.data;
  }
  const code = building.code ?? building.uniqueCode;
  return code ? { ...address, uniqueCode: normaliseBuildingCode(code) } : address;
}
