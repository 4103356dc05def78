import * as arrivy from './arrivy.ts';
import * as chargebee from './chargebee.ts';
import * as rollbar from './rollbar.ts';
import type { StandIn } from './recorder.ts';

/** The configuration that points each adapter at its local stand-in. */

export const CHARGEBEE_SITE = 'acme-test';

export const chargebeeEnv = (standIn: StandIn) => ({
  CHARGEBEE_SITE,
  CHARGEBEE_API_KEY: chargebee.API_KEY,
  CHARGEBEE_API_BASE: standIn.origin,
});

export const arrivyEnv = (standIn: StandIn) => ({
  ARRIVY_AUTH_KEY: arrivy.AUTH_KEY,
  ARRIVY_AUTH_TOKEN: arrivy.AUTH_TOKEN,
  ARRIVY_API_BASE: `${standIn.origin}/api`,
});

export const rollbarEnv = (standIn: StandIn) => ({
  NODE_ENV: 'production',
  // Production mode on the embedded parts: a demo deployment (src/app/production.ts).
  ALLOW_DEMO: '1',
  ROLLBAR_ACCESS_TOKEN: rollbar.ACCESS_TOKEN,
  ROLLBAR_CLIENT_TOKEN: rollbar.CLIENT_TOKEN,
  ROLLBAR_ENDPOINT: `${standIn.origin}/api/1/item/`,
});
