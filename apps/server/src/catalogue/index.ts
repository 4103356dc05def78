// catalogue/: what other features and the composition root (app.ts, app/, server.ts, testing.ts) may use;
// everything else in the folder is its own (README, Layout; lint refuses a deep import).
export { checkPin, loadCatalogueOfRecord } from './boot.ts';
export { openCatalogueCache, type CatalogueCache, type CatalogueSnapshot } from './cache.ts';
export { checkProvider } from './provider.ts';
export { type Building } from './repository/buildings.ts';
export { findPlan, findRouter } from './repository/catalogue.ts';
