import type { Place } from '@fibre/domain/address';
import { embeddedAddressSearch } from './embedded-address-search.ts';

/*
 * Address autocomplete behind one small interface (docs/rules/outside-parts.md): the embedded index
 * served by the API, or Google Places restricted to Australia when a maps key is configured. Both
 * answer places in Google's shape (address_components, formatted_address, place_id), which the
 * domain's addressFromPlace parses.
 */

export interface AddressPrediction {
  id: string;
  /** The suggestion as shown and read: '100 Harris Street, Pyrmont NSW 2009'. */
  description: string;
}

export interface AddressSearch {
  /** Up to a handful of suggestions for what the visitor typed; [] when none or on failure. */
  suggest(text: string, signal?: AbortSignal): Promise<AddressPrediction[]>;
  /** The full place of a suggestion (components and formatted address), or null. */
  resolve(prediction: AddressPrediction, signal?: AbortSignal): Promise<Place | null>;
  /** The credit the provider's policies require beside its suggestions ('Google Maps'). */
  readonly attribution?: string;
  /**
   * True when the last search could not reach the provider (its script did not load, the key
   * was refused, the quota ran out): the field says so instead of 'no matches'.
   */
  unavailable?(): boolean;
}

export type AddressSearchKind = 'embedded' | 'google-places';

/** The public config's browser-side services this choice needs (PublicConfig.services). */
export interface AddressSearchServices {
  maps?: { apiKey: string };
}

/**
 * The configured implementation. Google Places needs the maps key from the public config. Its
 * code is a chunk of its own, fetched only when this kind is chosen (the embedded default's
 * first screen carries none of it), and Google's script loads with the first search.
 */
export function createAddressSearch(
  kind: AddressSearchKind,
  services: AddressSearchServices = {},
): AddressSearch {
  const apiKey = services.maps?.apiKey;
  if (kind === 'google-places' && apiKey) return lazyGooglePlaces(apiKey);
  if (kind === 'google-places') {
    console.warn(
      '[wizard] Google Places is configured without a maps key; using the embedded index',
    );
  }
  return embeddedAddressSearch();
}

/** Google Places from its own chunk, fetched when the step that searches is created. */
function lazyGooglePlaces(apiKey: string): AddressSearch {
  let chunkFailed = false;
  let google: AddressSearch | null = null;
  const ready = import('./google-places-address-search.ts').then(
    (module) => (google = module.googlePlacesAddressSearch(apiKey)),
    (error: unknown) => {
      chunkFailed = true;
      console.error('[wizard] Google Places adapter did not load', error);
      return null;
    },
  );
  return {
    attribution: 'Google Maps',
    unavailable: () => chunkFailed || Boolean(google?.unavailable?.()),
    async suggest(text, signal) {
      return (await ready)?.suggest(text, signal) ?? [];
    },
    async resolve(prediction, signal) {
      return (await ready)?.resolve(prediction, signal) ?? null;
    },
  };
}
