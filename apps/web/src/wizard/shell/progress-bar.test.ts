import { describe, expect, it } from 'vitest';
import { progressItems } from './progress-bar.tsx';

// docs/rules/wizard-flow.md: the progress bar; a confirmation whose order failed does not show
// Payment done.
describe('progressItems', () => {
  const states = (step: 'payment' | 'confirmation', failed: boolean) =>
    progressItems(step, failed)?.map((item) => item.state);

  it('a failed order: Payment not done, the confirmation current', () => {
    expect(states('confirmation', true)).toEqual([
      'done',
      'done',
      'done',
      'done',
      'upcoming',
      'current',
    ]);
  });

  it('otherwise as the domain says', () => {
    expect(states('confirmation', false)).toEqual([
      'done',
      'done',
      'done',
      'done',
      'done',
      'current',
    ]);
    expect(states('payment', true)).toEqual([
      'done',
      'done',
      'done',
      'done',
      'current',
      'upcoming',
    ]);
  });
});
