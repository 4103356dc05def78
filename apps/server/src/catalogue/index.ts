// What other features may use of catalogue/ (apps/server/README.md, Layout). Lint refuses an
// import of any other file of this folder from another feature.
export { checkPin, loadCatalogueOfRecord } from './boot.ts';
export { openCatalogueCache, type CatalogueCache, type CatalogueSnapshot } from './cache.ts';
export { type Building } from './repository/buildings.ts';
export { soldAtInstall, soldCents, soldOf, type Sold, type SoldColumns } from './sold.ts';
