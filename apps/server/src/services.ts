import type { Config } from './config.ts';

/**
 * Which real services a configuration switches on (docs/rules/outside-parts.md). A service is on
 * only when everything it needs is set: a lone half of a key pair leaves the embedded part in place
 * (and the server says so at start). The adapters, the Content-Security-Policy and the start-up
 * warnings all read this, so they never disagree.
 */
export interface Services {
  /** Google Places in the browser. */
  maps: boolean;
  /** Chargebee.js card fields in the browser: the site name. */
  chargebeeJs: string | undefined;
  /** Chargebee billing on the server. */
  chargebeeBilling: { site: string; apiKey: string; apiBase: string | undefined } | undefined;
  arrivy: { authKey: string; authToken: string; apiBase: string } | undefined;
  hubspot: boolean;
  gtm: boolean;
  /** Rollbar reports from the server: production only. */
  rollbar: { accessToken: string; endpoint: string } | undefined;
  /** Rollbar reports from the browser, with the post_client_item token: production only. */
  rollbarBrowser: { accessToken: string; endpoint: string } | undefined;
}

/** Arrivy's documented API root. */
export const ARRIVY_API = 'https://www.arrivy.com/api';
/** Rollbar's documented item endpoint. */
export const ROLLBAR_API = 'https://api.rollbar.com/api/1/item/';

export function configuredServices(config: Config): Services {
  const k = config.keys;
  return {
    maps: Boolean(k.MAPS_API_KEY),
    chargebeeJs: k.CHARGEBEE_SITE,
    chargebeeBilling:
      k.CHARGEBEE_SITE && k.CHARGEBEE_API_KEY
        ? { site: k.CHARGEBEE_SITE, apiKey: k.CHARGEBEE_API_KEY, apiBase: k.CHARGEBEE_API_BASE }
        : undefined,
    arrivy:
      k.ARRIVY_AUTH_KEY && k.ARRIVY_AUTH_TOKEN
        ? {
            authKey: k.ARRIVY_AUTH_KEY,
            authToken: k.ARRIVY_AUTH_TOKEN,
            apiBase: (k.ARRIVY_API_BASE ?? ARRIVY_API).replace(/\/+$/, ''),
          }
        : undefined,
    hubspot: Boolean(k.HUBSPOT_PORTAL_ID && k.HUBSPOT_FORM_ID),
    gtm: Boolean(k.GTM_ID),
    rollbar:
      k.ROLLBAR_ACCESS_TOKEN && config.env === 'production'
        ? { accessToken: k.ROLLBAR_ACCESS_TOKEN, endpoint: k.ROLLBAR_ENDPOINT ?? ROLLBAR_API }
        : undefined,
    rollbarBrowser:
      k.ROLLBAR_CLIENT_TOKEN && config.env === 'production'
        ? { accessToken: k.ROLLBAR_CLIENT_TOKEN, endpoint: k.ROLLBAR_ENDPOINT ?? ROLLBAR_API }
        : undefined,
  };
}

/** Settings that switch nothing on as they stand, for a warning at start-up. */
export function halfConfigured(config: Config): string[] {
  const k = config.keys;
  const notes: string[] = [];
  if (k.CHARGEBEE_API_KEY && !k.CHARGEBEE_SITE)
    notes.push(
      'CHARGEBEE_API_KEY is set without CHARGEBEE_SITE: billing stays on the local ledger',
    );
  if (k.CHARGEBEE_SITE && !k.CHARGEBEE_API_KEY)
    notes.push(
      'CHARGEBEE_SITE is set without CHARGEBEE_API_KEY: Chargebee.js card tokens cannot be charged by the local ledger',
    );
  if (k.CHARGEBEE_SITE && !k.CHARGEBEE_PUBLISHABLE_KEY)
    notes.push(
      'CHARGEBEE_SITE is set without CHARGEBEE_PUBLISHABLE_KEY: the Chargebee.js card fields cannot start, so no card can be taken',
    );
  if (Boolean(k.ARRIVY_AUTH_KEY) !== Boolean(k.ARRIVY_AUTH_TOKEN))
    notes.push(
      'Arrivy needs both ARRIVY_AUTH_KEY and ARRIVY_AUTH_TOKEN: scheduling stays on the crew calendar',
    );
  if (Boolean(k.HUBSPOT_PORTAL_ID) !== Boolean(k.HUBSPOT_FORM_ID))
    notes.push('HubSpot needs both HUBSPOT_PORTAL_ID and HUBSPOT_FORM_ID: leads stay embedded');
  if (k.ROLLBAR_ACCESS_TOKEN && config.env !== 'production')
    notes.push('ROLLBAR_ACCESS_TOKEN reports only when NODE_ENV=production');
  if (k.ROLLBAR_CLIENT_TOKEN && config.env !== 'production')
    notes.push('ROLLBAR_CLIENT_TOKEN reports browser errors only when NODE_ENV=production');
  if (k.ROLLBAR_ACCESS_TOKEN && !k.ROLLBAR_CLIENT_TOKEN && config.env === 'production')
    notes.push(
      'ROLLBAR_ACCESS_TOKEN is set without ROLLBAR_CLIENT_TOKEN: browser errors are not reported (the server token is never sent to browsers)',
    );
  return notes;
}
