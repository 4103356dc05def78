// The address step: parsing a place, normalising, serviceability and its headings
// (docs/rules/address-and-serviceability.md).
export * from './normalise.ts';
export * from './address.ts';
export * from './serviceability.ts';
export * from './availability-heading.ts';
export * from './units.ts';
