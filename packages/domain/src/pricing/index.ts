// The order's prices and its add-ons (docs/rules/plans-and-pricing.md).
export * from './pricing.ts';
export * from './add-ons.ts';
export * from './add-on-fields.ts';
export * from './money-words.ts';
export * from './card-fees.ts';
