import { z } from 'zod';
import { text } from '../shared/text.ts';

/*
 * Requests of the address and building calls (docs/rules/address-and-serviceability.md). Address
 * text follows the shared text rule (docs/decisions/008-server-input.md): one line, no control
 * characters, trimmed and bounded. An address must hold a letter or a digit: text that is only
 * spaces or invisible characters is no address.
 */
const hasLetterOrDigit = (value: string) => /[\p{L}\p{N}]/u.test(value);

const addressText = (name: string, max: number) =>
  z
    .string({ error: `${name} is required` })
    .pipe(text(max))
    .refine(hasLetterOrDigit, `${name} is required`);

/** GET /api/v1/public/addresses?q=TEXT&limit=N */
export const autocompleteQuery = z.object({
  q: z.string({ error: 'q is required' }).pipe(text(200)),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be between 1 and 10')
    .max(10, 'limit must be between 1 and 10')
    .default(5),
});

const part = (name: string) =>
  z
    .string({ error: `${name} must be text` })
    .pipe(text(100))
    .nullish();

/**
 * POST /api/v1/public/address-lookup. The wizard sends its whole address; the parts beyond these
 * are not needed and are dropped.
 */
export const addressLookupBody = z.object({
  formatted_address: addressText('formatted_address', 200),
  street_number: part('street_number'),
  street: part('street'),
  suburb: part('suburb'),
  state: part('state'),
  postcode: part('postcode'),
  unit: part('unit'),
});
export type AddressLookupBody = z.input<typeof addressLookupBody>;

/** POST /portal/api/v1/buildings/search */
export const buildingSearchBody = z.object({ address: addressText('address', 200) });

/** GET /portal/api/v1/buildings/{id} */
export const buildingParams = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'id is not a building id'),
});
