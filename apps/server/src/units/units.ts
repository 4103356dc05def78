import { buildingHasUnit, unitKey } from '@fibre/domain/address';
import { unitMessages } from '@fibre/domain/shared';
import { Refusal } from '../http/errors.ts';
import type { UnitStatus } from '@fibre/domain/api';
import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema.ts';
import type { Building } from '../catalogue/index.ts';
import { unitHasActiveOrder } from './repository.ts';

/**
 * A building's unit, as the wizard asks and the install decides
 * (docs/rules/contact-and-connection.md#the-buildings-units): `known` when the building lists it,
 * or lists no units; `connected` when it lists it and an active order is for it. A building that
 * lists no units, or is not a multi-dwelling building, is never connected: its units are free
 * text, today's rule.
 */
export async function unitStatus(
  db: Kysely<Schema>,
  building: Pick<Building, 'code' | 'units' | 'building_class'>,
  unit: string,
): Promise<UnitStatus> {
  const mdu = building.building_class.toLowerCase().includes('mdu');
  if (!mdu || building.units.length === 0) return { known: true, connected: false };
  if (!buildingHasUnit(building.units, unit)) return { known: false, connected: false };
  return { known: true, connected: await unitHasActiveOrder(db, building.code, unitKey(unit)) };
}

/** The install's refusal of a unit the building does not list (422, docs/rules/orders.md). */
export const unitUnknown = () =>
  new Refusal('unprocessable', 'unit_unknown', unitMessages.notInBuilding, {
    'charge_bee.unit': unitMessages.notInBuilding,
  });
