// What every subject uses: the visitor's messages, money, the provider's rules (DomainConfig), the
// product's constants, the text rule and the shared vocabulary types (instant.ts is
// public through scheduling/dates.ts).
export * from './messages.ts';
export * from './money.ts';
export * from './amount-text.ts';
export * from './extra-field-names.ts';
export * from './config.ts';
export * from './constants.ts';
export * from './states.ts';
export * from './text.ts';
export * from './brand.ts';
