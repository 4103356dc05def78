import { describe, expect, it } from 'vitest';
import { savedStep, upgradeSavedState, VERSION_2_STEPS } from './saved-steps.ts';

describe('docs/rules/wizard-flow.md, "Saved steps": version 2 numbered the steps', () => {
  it.each([
    [1, 'address'],
    [2, 'plans'],
    [3, 'contact'],
    [4, 'connection'],
    [5, 'installation'],
    [6, 'payment'],
    [7, 'confirmation'],
  ] as const)('version 2 step %s is %s', (n, id) => {
    expect(VERSION_2_STEPS[n]).toBe(id);
    expect(savedStep(n)).toBe(id);
  });

  it.each([
    ['payment', 'payment'],
    [0, null],
    [8, null],
    [2.5, null],
    ['3', null],
    [null, null],
  ])('savedStep(%j) = %j', (value, step) => {
    expect(savedStep(value)).toBe(step);
  });

  it('moves a version 2 state to version 3, the rest unchanged', () => {
    const state = { step: 6, signup: { contact: { email: 'pat@example.com' } } };
    expect(upgradeSavedState({ version: 2, state })).toEqual({
      version: 3,
      state: { step: 'payment', signup: { contact: { email: 'pat@example.com' } } },
    });
  });

  it.each([
    { version: 3, state: { step: 'installation' } },
    { version: 1, state: { step: 5 } },
    { version: 2, state: { step: 9 } },
  ])('leaves %j as it was', (saved) => {
    expect(upgradeSavedState(saved)).toBe(saved);
  });
});
