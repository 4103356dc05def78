import * as z from 'zod/mini';

/*
 * Answers of the address and building calls (docs/rules/address-and-serviceability.md). A
 * prediction takes Google Places' shape, so the wizard reads the embedded autocomplete and the maps
 * service with one parser.
 */

const placeComponent = z.object({
  long_name: z.string(),
  short_name: z.string(),
  types: z.array(z.string()),
});

export const predictionAnswer = z.object({
  place_id: z.string(),
  description: z.string(),
  formatted_address: z.string(),
  address_components: z.array(placeComponent),
});
export type Prediction = z.infer<typeof predictionAnswer>;

/** GET /api/v1/public/addresses */
export const predictionsAnswer = z.object({ predictions: z.array(predictionAnswer) });

/** POST /api/v1/public/address-lookup: the building at the address, merged into it. */
export const addressLookupAnswer = z.object({
  data: z.object({
    status: z.string(),
    uniqueCode: z.string(),
    addressComponents: z.object({
      buildingCategory: z.string(),
      buildingClass: z.string(),
      buildingType: z.string(),
    }),
  }),
});

/** The billing portal's building: the lookup's fields plus master and slave. */
export const buildingAnswer = z.object({
  _id: z.string(),
  code: z.string(),
  uniqueCode: z.string(),
  formatted_address: z.string(),
  street_number: z.string(),
  street: z.string(),
  suburb: z.string(),
  state: z.string(),
  postcode: z.string(),
  status: z.string(),
  addressComponents: z.object({
    isSlave: z.boolean(),
    masterBuildingId: z.nullable(z.string()),
    buildingCategory: z.string(),
    buildingClass: z.string(),
    buildingType: z.string(),
  }),
});
export type Building = z.infer<typeof buildingAnswer>;

/** POST /portal/api/v1/buildings/search, GET /portal/api/v1/buildings/{id} */
export const buildingFoundAnswer = z.object({ data: buildingAnswer });
