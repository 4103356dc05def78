import type { Place } from '@fibre/domain/address';
import type { AddressPrediction, AddressSearch } from './address-search.ts';
import { loadPlacesLibrary, mapsKeyRefused } from './google-maps-loader.ts';
import type {
  GooglePlace,
  PlacePrediction,
  PlacesLibrary,
  SessionToken,
} from './google-maps-types.ts';

/*
 * Google Places behind AddressSearch, through the Place Autocomplete Data API (decision 005):
 * AutocompleteSuggestion.fetchAutocompleteSuggestions restricted to Australia, then the chosen
 * prediction's Place.fetchFields for exactly the address components, formatted address and id
 * (docs/rules/address-and-serviceability.md). One session token covers a typing session: every
 * suggestion request carries it and Google passes it on to the chosen Place's fetchFields; a choice
 * ends the session.
 */

export const REGION = 'au';
export const PLACE_FIELDS = ['addressComponents', 'formattedAddress', 'id'];
const LIMIT = 5;

/** The Data API's Place in the legacy PlaceResult shape that the domain's parser reads. */
export function placeFromGoogle(place: GooglePlace): Place {
  return {
    place_id: place.id,
    ...(place.formattedAddress ? { formatted_address: place.formattedAddress } : {}),
    address_components: (place.addressComponents ?? []).map((component) => ({
      long_name: component.longText ?? '',
      short_name: component.shortText ?? component.longText ?? '',
      types: component.types,
    })),
  };
}

/** Every answer is in Australia, so the country adds nothing to a suggestion. */
export function suggestionText(text: string): string {
  return text.replace(/,\s*Australia\s*$/i, '').trim();
}

export interface GooglePlacesAddressSearch extends AddressSearch {
  unavailable(): boolean;
}

/** The adapter over a places library (the real loader by default; tests give a fake). */
export function createGooglePlacesSearch(
  load: () => Promise<PlacesLibrary>,
  keyRefused: () => boolean = () => false,
): GooglePlacesAddressSearch {
  let token: SessionToken | null = null;
  let failed = false;
  const predictions = new Map<string, PlacePrediction>();

  async function attempt<T>(what: string, call: (places: PlacesLibrary) => Promise<T>) {
    try {
      const result = await call(await load());
      failed = false;
      return { ok: true as const, result };
    } catch (error) {
      failed = true;
      console.error(`[wizard] Google Places ${what} failed`, error);
      return { ok: false as const };
    }
  }

  return {
    attribution: 'Google Maps',
    unavailable: () => failed || keyRefused(),

    async suggest(text) {
      const answer = await attempt('suggestions', async (places) => {
        token ??= new places.AutocompleteSessionToken();
        return places.AutocompleteSuggestion.fetchAutocompleteSuggestions({
          input: text,
          includedRegionCodes: [REGION],
          language: 'en-AU',
          sessionToken: token,
        });
      });
      if (!answer.ok) return [];
      // Kept for the whole session (not just the latest answer): a slower, older answer must
      // not make the options on screen unresolvable.
      return answer.result.suggestions
        .flatMap((suggestion) => (suggestion.placePrediction ? [suggestion.placePrediction] : []))
        .slice(0, LIMIT)
        .map((prediction): AddressPrediction => {
          predictions.set(prediction.placeId, prediction);
          return { id: prediction.placeId, description: suggestionText(prediction.text.text) };
        });
    },

    async resolve(chosen) {
      const prediction = predictions.get(chosen.id);
      if (!prediction) return null;
      // The choice ends the session whatever the answer: the next keystroke starts a new one.
      token = null;
      predictions.clear();
      const answer = await attempt('place details', async () => {
        const { place } = await prediction.toPlace().fetchFields({ fields: PLACE_FIELDS });
        return place;
      });
      return answer.ok ? placeFromGoogle(answer.result) : null;
    },
  };
}

/** The adapter the wizard uses when the public config names Google Places and gives a key. */
export function googlePlacesAddressSearch(apiKey: string): GooglePlacesAddressSearch {
  return createGooglePlacesSearch(() => loadPlacesLibrary(apiKey), mapsKeyRefused);
}
