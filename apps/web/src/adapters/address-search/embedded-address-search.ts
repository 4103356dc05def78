import type { Place } from '@fibre/domain';
import { fetchAddressPredictions } from '../../app/api/endpoints.ts';
import type { AddressPrediction, AddressSearch } from './address-search.ts';

const LIMIT = 5;

/**
 * The embedded AU address index (GET /api/v1/public/addresses). Its predictions already carry the
 * full place, so resolving needs no second call: the places are kept from the last suggestions.
 */
export function embeddedAddressSearch(): AddressSearch {
  const places = new Map<string, Place>();
  return {
    async suggest(text, signal) {
      const result = await fetchAddressPredictions(text.trim(), LIMIT, signal ? { signal } : {});
      if (!result.ok) return [];
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
