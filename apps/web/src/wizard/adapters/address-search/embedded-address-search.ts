import type { Place } from '@fibre/domain/address';
import { fetchAddressPredictions } from '../../../shared/api/addresses.ts';
import type { AddressPrediction, AddressSearch } from './address-search.ts';

const LIMIT = 5;

/**
 * The embedded AU address index (GET /api/v1/public/addresses). Its predictions already carry the
 * full place, so resolving needs no second call: the places are kept from the last suggestions.
 * A search the server could not answer (its timeout, too many at once: 503, 429, or no answer at
 * all) makes the field say the search is not working rather than 'no matches'
 * (docs/decisions/021-autocomplete-bounds.md).
 */
export function embeddedAddressSearch(): AddressSearch {
  const places = new Map<string, Place>();
  let failed = false;
  return {
    unavailable: () => failed,
    async suggest(text, signal) {
      const result = await fetchAddressPredictions(text.trim(), LIMIT, signal ? { signal } : {});
      if (!result.ok) {
        if (!result.aborted) failed = true;
        return [];
      }
      failed = false;
      places.clear();
      return result.data.predictions.map((prediction): AddressPrediction => {
        places.set(prediction.place_id, prediction);
        return { id: prediction.place_id, description: prediction.description };
      });
    },
    async resolve(prediction) {
      return places.get(prediction.id) ?? null;
    },
  };
}
