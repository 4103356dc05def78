import { isWizardStep, type WizardStep } from './steps.ts';

/*
 * Saved formats that hold a step (docs/rules/wizard-flow.md, "Saved steps"): the wizard's saved
 * state (sessionStorage, a finish-later link's saved sign-up) and its history entries. Version 2
 * saved the step as its number; version 3 saves its id. A version-2 value is read through
 * VERSION_2_STEPS, frozen as version 2 numbered the steps: it never changes when a step is added.
 */

/** The saved state's version: 3, steps by id. */
export const SAVED_STATE_VERSION = 3;

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

// Every version 2 number maps to a step of the table (a step renamed fails here).
const version2Steps: Readonly<Record<number, WizardStep>> = VERSION_2_STEPS;

/** A saved step as the wizard reads it: an id, or a version-2 number mapped; null otherwise. */
export function savedStep(value: unknown): WizardStep | null {
  if (isWizardStep(value)) return value;
  if (typeof value === 'number' && Object.hasOwn(VERSION_2_STEPS, value)) {
    return version2Steps[value]!;
  }
  return null;
}

/**
 * A saved state in the current version: version 2 (step by number) moved to 3 (step by id), the
 * rest unchanged; any other version, or a step neither format knows, as it was.
 */
export function upgradeSavedState<S extends { version: number; state: object }>(saved: S): S {
  if (saved.version !== 2) return saved;
  const step = savedStep((saved.state as { step?: unknown }).step);
  if (step === null) return saved;
  return { ...saved, version: SAVED_STATE_VERSION, state: { ...saved.state, step } };
}
