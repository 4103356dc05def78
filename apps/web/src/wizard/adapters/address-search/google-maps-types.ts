/*
 * The part of the Maps JavaScript API's places library this product calls, typed from Google's
 * reference ("Autocomplete Data" and "Place" classes): AutocompleteSuggestion's static
 * fetchAutocompleteSuggestions, AutocompleteSessionToken, PlacePrediction.toPlace and
 * Place.fetchFields. Only what we use is declared (no @types/google.maps dependency).
 */

/** google.maps.places.AutocompleteSessionToken: opaque, one per typing session. */
export type SessionToken = object;

export interface AutocompleteRequest {
  input: string;
  /** CLDR two-character region codes; results only from these regions. */
  includedRegionCodes?: string[];
  language?: string;
  sessionToken?: SessionToken;
}

export interface FormattableText {
  text: string;
}

export interface AddressComponent {
  longText: string | null;
  shortText: string | null;
  types: string[];
}

/** google.maps.places.Place: fields are undefined until fetched, null when Google has none. */
export interface GooglePlace {
  id: string;
  formattedAddress?: string | null;
  addressComponents?: AddressComponent[] | null;
  fetchFields(request: { fields: string[] }): Promise<{ place: GooglePlace }>;
}

export interface PlacePrediction {
  placeId: string;
  text: FormattableText;
  /**
   * A Place for this prediction. Google passes the suggestion request's session token along
   * with this Place's first fetchFields call.
   */
  toPlace(): GooglePlace;
}

export interface AutocompleteSuggestion {
  placePrediction: PlacePrediction | null;
}

/** What `await google.maps.importLibrary('places')` answers (the part we use). */
export interface PlacesLibrary {
  AutocompleteSuggestion: {
    fetchAutocompleteSuggestions(
      request: AutocompleteRequest,
    ): Promise<{ suggestions: AutocompleteSuggestion[] }>;
  };
  AutocompleteSessionToken: new () => SessionToken;
}

export interface GoogleMapsNamespace {
  importLibrary(name: 'places'): Promise<PlacesLibrary>;
}
