import { describe, expect, it } from 'vitest';
import { progressItems } from './progress-bar.tsx';

// docs/rules/wizard-flow.md: the progress bar; a confirmation whose order failed does not show
// Payment done.
describe('progressItems', () => {
  const states = (step: 6 | 7, failed: boolean) =>
    progressItems(step, failed)?.map((item) => item.state);

  it('a failed order: Payment not done, the confirmation current', () => {
    expect(states(7, true)).toEqual(['done', 'done', 'done', 'done', 'upcoming', 'current']);
  });

  it('otherwise as the domain says', () => {
    expect(states(7, false)).toEqual(['done', 'done', 'done', 'done', 'done', 'current']);
    expect(states(6, true)).toEqual(['done', 'done', 'done', 'done', 'current', 'upcoming']);
  });
});
