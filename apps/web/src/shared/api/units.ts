import { buildingUnitsAnswer, unitStatusAnswer } from '@fibre/domain/api';
import { get, type Options } from './client.ts';

/**
 * A building's units (docs/rules/contact-and-connection.md#the-buildings-units): the list the
 * connection step offers, and whether a unit is the building's and already connected.
 */

const enc = encodeURIComponent;

export const fetchBuildingUnits = (code: string, o?: Options) =>
  get(`/api/v1/public/building/${enc(code)}/units`, buildingUnitsAnswer, o);

export const fetchUnitStatus = (code: string, unit: string, o?: Options) =>
  get(`/api/v1/public/building/${enc(code)}/units/${enc(unit)}`, unitStatusAnswer, o);
