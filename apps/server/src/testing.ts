/**
 * The server's testing entry (`@fibre/server/testing`): what bench and the browser tests use from
 * the server, so they depend on the package rather than reach into its src/. Test code only: the
 * product never imports it.
 */

// An app, its configuration and its database.
export { buildApp } from './app.ts';
export { loadConfig } from './config.ts';
export { openPglite, openPostgres, type Database } from './db/database.ts';
export { openDatabase, prepare } from './app/open-database.ts';
export {
  addressSearchKey,
  generatedAddressId,
  loadLocalities,
  shortStreetName,
  streetNames,
} from './addresses/index.ts';

// Orders placed as the wizard places them.
export {
  fetchCaller,
  freeSlots,
  injectCaller,
  prepareOrder,
  type Caller,
  type OrderOptions,
} from './test-support/order.ts';
export { demoBuildings, demoCatalogue } from './test-support/demo-catalogue.ts';
export { freePort } from './test-support/process.ts';

// Stand-ins for the external services, and the environment that points the server at them.
export type { RecordedRequest, StandIn } from './test-support/stand-ins/recorder.ts';
export { startArrivy, type ArrivyStandIn } from './test-support/stand-ins/arrivy.ts';
export {
  DECLINED_TOKEN,
  startChargebee,
  type ChargebeeStandIn,
} from './test-support/stand-ins/chargebee.ts';
export { CLIENT_TOKEN, startRollbar } from './test-support/stand-ins/rollbar.ts';
// The SMTP receiver is its own entry, `@fibre/server/testing/smtp`: its packages (smtp-server,
// mailparser) are the tests' only, and this file is compiled with the server.
export {
  OPS_WEBHOOK_SECRET,
  opsWebhookEnv,
  startOpsReceiver,
  type OpsDelivery,
  type OpsReceiver,
} from './test-support/stand-ins/ops-receiver.ts';
export {
  arrivyEnv,
  CHARGEBEE_SITE,
  chargebeeEnv,
  rollbarEnv,
} from './test-support/stand-ins/env.ts';
