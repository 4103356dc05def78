// addresses/: what other features and the composition root (app.ts, app/, server.ts, testing.ts) may use;
// everything else in the folder is its own (README, Layout; lint refuses a deep import).
export {
  addressSearchKey,
  comparableAddress,
  shortStreetName,
  withoutUnit,
} from './address-text.ts';
export { generatedAddressId, syncBuildingAddresses } from './repository/addresses.ts';
export { seedAddresses } from './seeds/addresses.ts';
export { loadLocalities, streetNames } from './seeds/localities.ts';
