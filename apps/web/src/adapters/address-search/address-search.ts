import type { Place } from '@fibre/domain';
import { embeddedAddressSearch } from './embedded-address-search.ts';

/*
 * Address autocomplete behind one small interface (PRODUCT.md 2): the embedded index served by
 * the API, or Google Places restricted to Australia when a maps key is configured. Both answer
 * places in Google's shape (address_components, formatted_address, place_id), which the domain's
 * addressFromPlace parses.
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
}

export type AddressSearchKind = 'embedded' | 'google-places';

/**
 * The configured implementation. Google Places plugs in here (it needs the maps script and key,
 * asked for with fields address_components, formatted_address and place_id, country AU); until
 * it exists the embedded index answers.
 */
export function createAddressSearch(kind: AddressSearchKind): AddressSearch {
  if (kind === 'google-places') {
    console.warn(
      '[wizard] Google Places address search is not built yet; using the embedded index',
    );
  }
  return embeddedAddressSearch();
}
