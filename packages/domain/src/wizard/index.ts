// The wizard's steps and the analytics page names (docs/rules/wizard-flow.md).
export * from './steps.ts';
