// Every subject at once, for the imports not yet moved to a subject's own entry
// (`@fibre/domain/catalogue`, ...: package.json's exports). Pure business rules shared by the
// wizard and the server.
export * from './shared/index.ts';
export * from './api/index.ts';
export * from './address/index.ts';
export * from './contact/index.ts';
export * from './catalogue/index.ts';
export * from './offers/index.ts';
export * from './pricing/index.ts';
export * from './scheduling/index.ts';
export * from './install/index.ts';
export * from './wizard/index.ts';
