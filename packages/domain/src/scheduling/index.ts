// Installation dates and booking slots in the state's zone (docs/rules/installation-and-holds.md).
export * from './dates.ts';
export * from './slots.ts';
