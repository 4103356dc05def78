/*
 * The step a saved sign-up is on, as the API takes it (docs/rules/wizard-flow.md, "Saved steps"):
 * by id from saved state version 3, by number in version 2. The wizard's step table
 * (wizard/steps.ts) is the source: it fails to compile when these lists differ from it.
 */

/** The steps finish later takes a sign-up on, in order: once the contact's email is known. */
export const FINISH_LATER_STEP_IDS = [
  'contact',
  'connection',
  'installation',
  'payment',
  'confirmation',
] as const;

/**
 * Version 2's step numbers, as they were: frozen, never changed when a step is added (a version 2
 * save, in a tab or a finish-later link, was written with these).
 */
export const VERSION_2_STEPS = {
  1: 'address',
  2: 'plans',
  3: 'contact',
  4: 'connection',
  5: 'installation',
  6: 'payment',
  7: 'confirmation',
} as const;
