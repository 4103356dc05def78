import { describe, expect, it } from 'vitest';
import { FUNNEL_STEPS, funnelRows, funnelStepBefore } from './funnel.ts';

describe('docs/rules/funnel.md: the steps and the drop-off', () => {
  it('names the steps as the table says, in order', () => {
    expect(FUNNEL_STEPS).toEqual([
      'Check Address',
      'Build your plan',
      'Contact info',
      'Connection details',
      'Installation',
      'Payment',
      'Confirm order',
      'Paid',
    ]);
  });

  it('names the step each step counts after: none for the address step, Confirm order for Paid', () => {
    expect(funnelStepBefore('Check Address')).toBeUndefined();
    expect(funnelStepBefore('Build your plan')).toBe('Check Address');
    expect(funnelStepBefore('Paid')).toBe('Confirm order');
    FUNNEL_STEPS.slice(1).forEach((step, i) =>
      expect(funnelStepBefore(step)).toBe(FUNNEL_STEPS[i]),
    );
  });

  it('gives every step, 0 where none arrived, and the drop-off from the step before', () => {
    const rows = funnelRows({ 'Check Address': 3, 'Build your plan': 2, 'Contact info': 3 });
    expect(rows.slice(0, 5)).toEqual([
      { step: 'Check Address', arrivals: 3, dropOff: null },
      { step: 'Build your plan', arrivals: 2, dropOff: 33.3 },
      // More than at the step before: negative.
      { step: 'Contact info', arrivals: 3, dropOff: -50 },
      { step: 'Connection details', arrivals: 0, dropOff: 100 },
      // After a step nobody reached: none.
      { step: 'Installation', arrivals: 0, dropOff: null },
    ]);
    expect(rows).toHaveLength(8);
  });
});
