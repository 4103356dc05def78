import { describe, expect, it } from 'vitest';
import {
  analyticsPageNames,
  isHoldActive,
  isWizardStep,
  nextAllowed,
  nextStep,
  PAID_PAGE_NAME,
  previousStep,
  progressFor,
  progressLabels,
  stepNames,
} from './steps.ts';
import type { WizardStep, WizardSummary } from './steps.ts';

const steps: WizardStep[] = [1, 2, 3, 4, 5, 6, 7];

describe('docs/rules/wizard-flow.md: step names', () => {
  it.each([
    [1, 'Check Address'],
    [2, 'Build Plan'],
    [3, 'Contact info'],
    [4, 'Connection details'],
    [5, 'Installation'],
    [6, 'Payment'],
    [7, 'Confirmation'],
  ] as const)('step %s is %s', (step, name) => {
    expect(stepNames[step]).toBe(name);
  });
});

describe('docs/rules/wizard-flow.md: analytics page names', () => {
  it.each([
    [1, 'Check Address'],
    [2, 'Build Plan'],
    [3, 'Connection Details'],
    [4, 'Connection Details'],
    [5, 'Installation'],
    [6, 'Payment'],
    [7, 'Confirm Order'],
  ] as const)('step %s pushes %s', (step, name) => {
    expect(analyticsPageNames[step]).toBe(name);
  });

  it('uses exactly the seven names docs/rules/wizard-flow.md lists, Paid for the paid order', () => {
    const names = new Set([...Object.values(analyticsPageNames), PAID_PAGE_NAME]);
    expect([...names]).toEqual([
      'Check Address',
      'Build Plan',
      'Connection Details',
      'Installation',
      'Payment',
      'Confirm Order',
      'Paid',
    ]);
  });
});

describe('docs/rules/wizard-flow.md: progress bar: "6 labelled steps is shown from step 2"', () => {
  it('has the six labels in order', () => {
    expect(progressLabels).toEqual([
      'Build your plan',
      'Contact info',
      'Connection details',
      'Installation',
      'Payment',
      'Confirm order',
    ]);
  });

  it('is not shown on step 1', () => {
    expect(progressFor(1)).toBeNull();
  });

  it.each([
    [2, 'Build your plan'],
    [3, 'Contact info'],
    [4, 'Connection details'],
    [5, 'Installation'],
    [6, 'Payment'],
    [7, 'Confirm order'],
  ] as const)('step %s: %s is current, earlier are done, later upcoming', (step, current) => {
    const items = progressFor(step) ?? [];
    const at = items.findIndex((item) => item.state === 'current');
    expect(items[at]?.label).toBe(current);
    expect(items.filter((item) => item.state === 'current')).toHaveLength(1);
    expect(items.slice(0, at).every((item) => item.state === 'done')).toBe(true);
    expect(items.slice(at + 1).every((item) => item.state === 'upcoming')).toBe(true);
  });
});

describe('docs/rules/wizard-flow.md: "pages 1 to 7 with next/back"', () => {
  it.each([
    [1, null],
    [2, 1],
    [3, 2],
    [4, 3],
    // "Installation and Payment go back by one step."
    [5, 4],
    [6, 5],
    // "Confirmation goes back two steps."
    [7, 5],
  ] as const)('back from %s is %s', (step, back) => {
    expect(previousStep(step)).toBe(back);
  });

  it.each([
    [1, 2],
    [6, 7],
    [7, null],
  ] as const)('next from %s is %s', (step, next) => {
    expect(nextStep(step)).toBe(next);
  });

  it.each([
    [1, true],
    [7, true],
    [0, false],
    [8, false],
    [2.5, false],
    ['3', false],
    [null, false],
  ])('isWizardStep(%j) = %s', (value, ok) => {
    expect(isWizardStep(value)).toBe(ok);
  });
});

const now = Date.parse('2026-12-03T08:00:00+11:00');
const held = { expires_at: '2026-12-03T08:10:00+11:00' };

const ready: Omit<WizardSummary, 'step'> = {
  addressServiceable: true,
  planChosen: true,
  routerChosen: true,
  contactValid: true,
  unitValid: true,
  reservation: held,
  cardToken: 'tok_123',
};

describe('isHoldActive', () => {
  it.each([
    [held, now, true],
    [held, Date.parse('2026-12-03T08:09:59.999+11:00'), true],
    [held, Date.parse('2026-12-03T08:10:00+11:00'), false],
    [held, new Date(Date.parse('2026-12-03T08:11:00+11:00')), false],
    [null, now, false],
  ])('%j at %s -> %s', (reservation, at, active) => {
    expect(isHoldActive(reservation, at)).toBe(active);
  });
});

describe('nextAllowed: what the visitor may do next', () => {
  it.each(steps)('with everything in place, step %s moves on one step', (step) => {
    expect(nextAllowed({ ...ready, step }, now)).toEqual({
      next: nextStep(step),
      back: previousStep(step),
      blockedBy: null,
    });
  });

  it.each([
    [1, { addressServiceable: false }, 'address'],
    [2, { planChosen: false }, 'plan'],
    // docs/rules/plans-and-pricing.md: Add to cart is enabled only when both a plan and a router
    // are chosen.
    [2, { routerChosen: false }, 'plan'],
    [3, { contactValid: false }, 'contact'],
    [4, { unitValid: false }, 'unit'],
    [5, { reservation: null }, 'reservation'],
    [5, { reservation: { expires_at: '2026-12-03T07:59:59+11:00' } }, 'reservation'],
    [6, { cardToken: null }, 'card'],
    [6, { cardToken: '' }, 'card'],
    // Checks are cumulative: an expired hold stops Payment too.
    [6, { reservation: { expires_at: '2026-12-03T08:00:00+11:00' } }, 'reservation'],
    [4, { planChosen: false, unitValid: false }, 'plan'],
  ] as const)('step %s with %j is blocked by %s', (step, change, blocker) => {
    const allowed = nextAllowed({ ...ready, ...change, step }, now);
    expect(allowed).toEqual({ next: null, back: previousStep(step), blockedBy: blocker });
  });

  it.each([
    [1, { planChosen: false, contactValid: false, reservation: null, cardToken: null }],
    [4, { reservation: null, cardToken: null }],
    [5, { cardToken: null }],
  ] as const)('step %s does not wait for what later steps collect', (step, change) => {
    expect(nextAllowed({ ...ready, ...change, step }, now).blockedBy).toBeNull();
  });

  it('Confirmation has no next step whatever the state', () => {
    expect(nextAllowed({ ...ready, reservation: null, step: 7 }, now)).toEqual({
      next: null,
      back: 5,
      blockedBy: null,
    });
  });
});
