// Plans and routers (docs/rules/plans-and-pricing.md) and the provider's catalogue file
// (docs/catalogue.md).
export * from './plans.ts';
export * from './provider-catalogue.ts';
