/*
 * Stand-in for the Maps JavaScript API (https://maps.googleapis.com/maps/api/js), implementing only
 * the documented surface our Google Places adapter uses:
 * - the script's `callback` query parameter, called once the API is ready (`loading=async`);
 * - google.maps.importLibrary('places') and, with `libraries=places`, google.maps.places;
 * - places.AutocompleteSessionToken (opaque);
 * - places.AutocompleteSuggestion.fetchAutocompleteSuggestions({input, includedRegionCodes,
 *   sessionToken, ...}) -> {suggestions: [{placePrediction}]};
 * - PlacePrediction {placeId, text: {text, matches, toString()}, mainText, secondaryText, types,
 *   toPlace()}; the Place from toPlace carries the request's session token into its first
 *   fetchFields call, as Google documents;
 * - places.Place({id}).fetchFields({fields}) -> {place}, filling only the fields asked for
 *   (id, formattedAddress, addressComponents [{longText, shortText, types}]).
 * It answers from the demo addresses of docs/rules/demo-data.md (plus the unserved Darwin one) with
 * Google-style components, and records every call on window.__googleMapsStandIn.calls.
 * Tests may set window.__googleMapsStandIn.failNext = 'OVER_QUERY_LIMIT' to make the next
 * suggestion request reject the way a quota or key error does.
 */
/* global window, document, location */
(function () {
  'use strict';

  const script = document.currentScript;
  const params = new URL(script ? script.src : location.href).searchParams;

  const record = (window.__googleMapsStandIn = window.__googleMapsStandIn || {
    calls: [],
    failNext: null,
  });

  const states = {
    NSW: 'New South Wales',
    VIC: 'Victoria',
    QLD: 'Queensland',
    WA: 'Western Australia',
    SA: 'South Australia',
    TAS: 'Tasmania',
    NT: 'Northern Territory',
  };

  // [place id, number, street, street short, suburb, state, postcode]
  const rows = [
    ['ChIJ-demo-pyrmont', '100', 'Harris Street', 'Harris St', 'Pyrmont', 'NSW', '2009'],
    [
      'ChIJ-demo-southbank',
      '1',
      'Southbank Boulevard',
      'Southbank Blvd',
      'Southbank',
      'VIC',
      '3006',
    ],
    ['ChIJ-demo-brisbane', '300', 'Queen Street', 'Queen St', 'Brisbane City', 'QLD', '4000'],
    ['ChIJ-demo-alkimos', '25', 'Ocean Drive', 'Ocean Dr', 'Alkimos', 'WA', '6038'],
    [
      'ChIJ-demo-adelaide',
      '50',
      'King William Street',
      'King William St',
      'Adelaide',
      'SA',
      '5000',
    ],
    ['ChIJ-demo-hobart-80', '80', 'Elizabeth Street', 'Elizabeth St', 'Hobart', 'TAS', '7000'],
    ['ChIJ-demo-hobart-82', '82', 'Elizabeth Street', 'Elizabeth St', 'Hobart', 'TAS', '7000'],
    ['ChIJ-demo-kellyville', '7', 'Wattle Grove', 'Wattle Grove', 'Kellyville', 'NSW', '2155'],
    ['ChIJ-demo-darwin-12', '12', 'Cavenagh Street', 'Cavenagh St', 'Darwin City', 'NT', '0800'],
    ['ChIJ-demo-darwin-10', '10', 'Smith Street', 'Smith St', 'Darwin City', 'NT', '0800'],
  ];

  const places = rows.map(function (r) {
    return {
      id: r[0],
      // Prediction text in full words; the postcode is kept so tests can read the addresses as
      // docs/rules/demo-data.md writes them.
      text: r[1] + ' ' + r[2] + ', ' + r[4] + ' ' + r[5] + ' ' + r[6] + ', Australia',
      mainText: r[1] + ' ' + r[2],
      secondaryText: r[4] + ' ' + r[5] + ' ' + r[6] + ', Australia',
      // Details as Google formats them: abbreviated street type, then the country.
      formattedAddress: r[1] + ' ' + r[3] + ', ' + r[4] + ' ' + r[5] + ' ' + r[6] + ', Australia',
      addressComponents: [
        { longText: r[1], shortText: r[1], types: ['street_number'] },
        { longText: r[2], shortText: r[3], types: ['route'] },
        { longText: r[4], shortText: r[4], types: ['locality', 'political'] },
        {
          longText: states[r[5]],
          shortText: r[5],
          types: ['administrative_area_level_1', 'political'],
        },
        { longText: 'Australia', shortText: 'AU', types: ['country', 'political'] },
        { longText: r[6], shortText: r[6], types: ['postal_code'] },
      ],
    };
  });

  const words = function (text) {
    return text
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter(Boolean);
  };

  function matching(input) {
    const wanted = words(input);
    if (!wanted.length) return [];
    return places.filter(function (place) {
      const have = words(place.text + ' ' + place.formattedAddress);
      return wanted.every(function (w) {
        return have.some(function (h) {
          return h.indexOf(w) === 0;
        });
      });
    });
  }

  const tokenIds = new WeakMap();
  let tokenCount = 0;
  function AutocompleteSessionToken() {
    tokenIds.set(this, 'token-' + ++tokenCount);
  }
  const tokenId = function (token) {
    return token ? tokenIds.get(token) || 'not-a-session-token' : null;
  };

  const formattable = function (text) {
    return {
      text: text,
      matches: [],
      toString: function () {
        return text;
      },
    };
  };

  function Place(options) {
    this.id = options.id;
    Object.defineProperty(this, '_token', { value: options._token || null, writable: true });
  }
  Place.prototype.fetchFields = function (request) {
    const fields = request && request.fields ? request.fields.slice() : [];
    const token = this._token;
    this._token = null; // only the first fetchFields carries the session token
    record.calls.push({
      method: 'fetchFields',
      placeId: this.id,
      fields: fields,
      sessionToken: tokenId(token),
    });
    const found = places.find((p) => p.id === this.id);
    if (!found) return Promise.reject(new Error('NOT_FOUND: ' + this.id));
    fields.forEach((field) => {
      if (field === 'formattedAddress') this.formattedAddress = found.formattedAddress;
      if (field === 'addressComponents') {
        this.addressComponents = found.addressComponents.map((c) => ({
          longText: c.longText,
          shortText: c.shortText,
          types: c.types.slice(),
        }));
      }
    });
    return Promise.resolve({ place: this });
  };

  function prediction(place, token) {
    return {
      placeId: place.id,
      text: formattable(place.text),
      mainText: formattable(place.mainText),
      secondaryText: formattable(place.secondaryText),
      types: ['street_address', 'geocode'],
      toPlace: function () {
        return new Place({ id: place.id, _token: token });
      },
    };
  }

  const AutocompleteSuggestion = {
    fetchAutocompleteSuggestions: function (request) {
      record.calls.push({
        method: 'fetchAutocompleteSuggestions',
        input: request.input,
        includedRegionCodes: request.includedRegionCodes || null,
        language: request.language || null,
        sessionToken: tokenId(request.sessionToken),
      });
      if (record.failNext) {
        const reason = record.failNext;
        record.failNext = null;
        return Promise.reject(new Error(reason));
      }
      const regions = (request.includedRegionCodes || []).map(function (r) {
        return r.toLowerCase();
      });
      // Every stand-in place is in Australia; a request restricted elsewhere finds nothing.
      const inRegion = !regions.length || regions.indexOf('au') >= 0;
      const found = inRegion ? matching(request.input).slice(0, 5) : [];
      return Promise.resolve({
        suggestions: found.map(function (place) {
          return { placePrediction: prediction(place, request.sessionToken) };
        }),
      });
    },
  };

  const placesLibrary = {
    AutocompleteSessionToken: AutocompleteSessionToken,
    AutocompleteSuggestion: AutocompleteSuggestion,
    Place: Place,
  };

  const google = (window.google = window.google || {});
  const maps = (google.maps = google.maps || {});
  maps.importLibrary = function (name) {
    record.calls.push({ method: 'importLibrary', name: name });
    if (name === 'places') return Promise.resolve(placesLibrary);
    return Promise.reject(new Error('The stand-in has no library ' + name));
  };
  if ((params.get('libraries') || '').split(',').indexOf('places') >= 0)
    maps.places = placesLibrary;

  const callback = params.get('callback');
  if (callback) {
    setTimeout(function () {
      const target = callback.split('.').reduce(function (o, key) {
        return o && o[key];
      }, window);
      if (typeof target === 'function') target();
    });
  }
})();
