// What other features may use of addresses/ (apps/server/README.md, Layout). Lint refuses an
// import of any other file of this folder from another feature.
export {
  addressSearchKey,
  comparableAddress,
  shortStreetName,
  withoutUnit,
} from './address-text.ts';
export { generatedAddressId, syncBuildingAddresses } from './repository/addresses.ts';
export { seedAddresses } from './seeds/addresses.ts';
export { loadLocalities, streetNames } from './seeds/localities.ts';
