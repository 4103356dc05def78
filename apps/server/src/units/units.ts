import { buildingHasUnit, unitKey } from '@fibre/domain/address';
import type { UnitStatus } from '@fibre/domain/api';
import { unitMessages } from '@fibre/domain/shared';
import type { Kysely, Transaction } from 'kysely';
import type { Schema } from '../db/schema.ts';
import type { Building } from '../catalogue/index.ts';
import { Refusal } from '../http/errors.ts';
import { lockUnit, unitHasActiveOrder } from './repository.ts';

type UnitsOf = Pick<Building, 'code' | 'units' | 'building_class'>;

const notChecked: UnitStatus = { known: true, connected: false };

/**
 * Whether the building's units are checked: a multi-dwelling building whose catalogue lists
 * them. Any other's units are free text, today's rule.
 */
const checksUnits = (building: UnitsOf) =>
  building.building_class.toLowerCase().includes('mdu') && building.units.length > 0;

/**
 * A building's unit, as the wizard asks (docs/rules/contact-and-connection.md#the-buildings-units):
 * `known` when the building lists it, or its units are not checked; `connected` when it lists it
 * and an active order is for it.
 */
export async function unitStatus(
  db: Kysely<Schema>,
  building: UnitsOf,
  unit: string,
): Promise<UnitStatus> {
  if (!checksUnits(building)) return notChecked;
  if (!buildingHasUnit(building.units, unit)) return { known: false, connected: false };
  return { known: true, connected: await unitHasActiveOrder(db, building.code, unitKey(unit)) };
}

/**
 * The unit as the install decides it, in the order's transaction: as unitStatus, with the unit's
 * orders queued first (lockUnit), so that of two orders placed at once the second is the move-in.
 */
export async function unitStatusForOrder(
  trx: Transaction<Schema>,
  building: UnitsOf,
  unit: string,
): Promise<UnitStatus> {
  if (!checksUnits(building)) return notChecked;
  if (!buildingHasUnit(building.units, unit)) return { known: false, connected: false };
  const key = unitKey(unit);
  await lockUnit(trx, building.code, key);
  return { known: true, connected: await unitHasActiveOrder(trx, building.code, key) };
}

/** The install's refusal of a unit the building does not list (422, docs/rules/orders.md). */
export const unitUnknown = () =>
  new Refusal('unprocessable', 'unit_unknown', unitMessages.notInBuilding, {
    'charge_bee.unit': unitMessages.notInBuilding,
  });
