// The wizard's steps and the analytics page names (docs/rules/wizard-flow.md).
export * from './steps.ts';
// The saved formats' steps, and version 2's numbers (docs/rules/wizard-flow.md).
export * from './saved-steps.ts';
// The funnel's step names and its drop-off (docs/rules/funnel.md).
export * from './funnel.ts';
