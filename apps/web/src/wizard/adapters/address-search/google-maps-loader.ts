import type { GoogleMapsNamespace, PlacesLibrary } from './google-maps-types.ts';

/*
 * Loads the Maps JavaScript API the way Google's "direct script loading" documents it: one script
 * element with the key, `libraries=places`, `loading=async` and a global callback, then
 * `google.maps.importLibrary('places')`. Google's inline bootstrap snippet is not used because our
 * CSP has no 'unsafe-inline' for scripts; this module, from our own bundle, inserts the element.
 */

export const MAPS_SCRIPT = 'https://maps.googleapis.com/maps/api/js';
const CALLBACK = '__fibreMapsReady';
/** A script that neither loads nor fails (a hung connection) counts as failed after this. */
const LOAD_TIMEOUT_MS = 15_000;

declare global {
  interface Window {
    google?: { maps?: GoogleMapsNamespace };
    [CALLBACK]?: () => void;
    /** Google calls this global when the key is refused (documented in the Maps JS API events). */
    gm_authFailure?: () => void;
  }
}

export function mapsScriptUrl(apiKey: string): string {
  const query = new URLSearchParams({
    key: apiKey,
    libraries: 'places',
    loading: 'async',
    callback: CALLBACK,
  });
  return `${MAPS_SCRIPT}?${query}`;
}

let library: Promise<PlacesLibrary> | null = null;
let refused = false;

/** True once Google has refused the key (wrong key, API not enabled, billing off). */
export function mapsKeyRefused(): boolean {
  return refused;
}

/**
 * The places library, loading the script on the first call only. A failed load is not tried
 * again while the page is open (every keystroke would add a script); the visitor is told
 * instead, and a reload tries again.
 */
export function loadPlacesLibrary(apiKey: string): Promise<PlacesLibrary> {
  library ??= new Promise<GoogleMapsNamespace>((resolve, reject) => {
    const script = document.createElement('script');
    const timer = setTimeout(
      () => reject(new Error('The Maps JavaScript API did not load in time')),
      LOAD_TIMEOUT_MS,
    );
    window[CALLBACK] = () => {
      clearTimeout(timer);
      delete window[CALLBACK];
      const maps = window.google?.maps;
      if (maps) resolve(maps);
      else reject(new Error('The Maps JavaScript API called back without google.maps'));
    };
    window.gm_authFailure = () => {
      refused = true;
      console.error('[wizard] Google refused the maps key (gm_authFailure)');
    };
    script.src = mapsScriptUrl(apiKey);
    script.async = true;
    script.onerror = () => {
      clearTimeout(timer);
      reject(new Error('The Maps JavaScript API did not load'));
    };
    document.head.append(script);
  }).then((maps) => maps.importLibrary('places'));
  return library;
}
