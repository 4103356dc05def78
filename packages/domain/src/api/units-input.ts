import { z } from 'zod';
import { codeParams } from './offers-input.ts';

/* Requests of the building's units (docs/rules/contact-and-connection.md#the-buildings-units). */

/** GET /api/v1/public/building/{code}/units */
export const buildingUnitsParams = codeParams;

/**
 * GET /api/v1/public/building/{code}/units/{unit}: a unit as a visitor or a catalogue writes it
 * ('12B', 'Unit 12B'), at most 32 letters, digits, spaces and full stops.
 */
export const unitStatusParams = codeParams.extend({
  unit: z
    .string()
    .trim()
    .min(1, 'A unit is required')
    .max(32, 'The unit is too long')
    .regex(/^[A-Za-z0-9 .]+$/, 'The unit must be letters and digits'),
});
