import * as z from 'zod/mini';

/** GET /api/v1/public/building/{code}/units: the building's units, each key once; [] when none. */
export const buildingUnitsAnswer = z.object({ units: z.array(z.string()) });
export type BuildingUnits = z.infer<typeof buildingUnitsAnswer>;

/**
 * GET /api/v1/public/building/{code}/units/{unit}: whether the building has the unit, and whether
 * the unit already has an active order (docs/rules/contact-and-connection.md#the-buildings-units).
 * Nothing more: no order, no name, no date.
 */
export const unitStatusAnswer = z.object({ known: z.boolean(), connected: z.boolean() });
export type UnitStatus = z.infer<typeof unitStatusAnswer>;
