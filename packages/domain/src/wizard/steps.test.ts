import { describe, expect, it } from 'vitest';
import {
  analyticsPageName,
  FINISH_LATER_STEPS,
  isBefore,
  isHoldActive,
  isWizardStep,
  nextAllowed,
  nextStep,
  PAID_PAGE_NAME,
  previousStep,
  progressFor,
  progressLabels,
  stepName,
  analyticsStepNumber,
} from './steps.ts';
import type { WizardStep, WizardSummary } from './steps.ts';

const steps: WizardStep[] = [
  'address',
  'plans',
  'contact',
  'connection',
  'installation',
  'payment',
  'confirmation',
];

describe('docs/rules/wizard-flow.md: step names', () => {
  it.each([
    ['address', 'Check Address'],
    ['plans', 'Build Plan'],
    ['contact', 'Contact info'],
    ['connection', 'Connection details'],
    ['installation', 'Installation'],
    ['payment', 'Payment'],
    ['confirmation', 'Confirmation'],
  ] as const)('step %s is %s', (step, name) => {
    expect(stepName(step)).toBe(name);
  });
});

describe('docs/rules/wizard-flow.md: analytics page names', () => {
  it.each([
    ['address', 'Check Address'],
    ['plans', 'Build Plan'],
    ['contact', 'Connection Details'],
    ['connection', 'Connection Details'],
    ['installation', 'Installation'],
    ['payment', 'Payment'],
    ['confirmation', 'Confirm Order'],
  ] as const)('step %s pushes %s', (step, name) => {
    expect(analyticsPageName(step)).toBe(name);
  });

  it('uses exactly the seven names docs/rules/wizard-flow.md lists, Paid for the paid order', () => {
    const names = new Set([...steps.map(analyticsPageName), PAID_PAGE_NAME]);
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
    expect(progressFor('address')).toBeNull();
  });

  it.each([
    ['plans', 'Build your plan'],
    ['contact', 'Contact info'],
    ['connection', 'Connection details'],
    ['installation', 'Installation'],
    ['payment', 'Payment'],
    ['confirmation', 'Confirm order'],
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
    ['address', null],
    ['plans', 'address'],
    ['contact', 'plans'],
    ['connection', 'contact'],
    // "Installation and Payment go back by one step."
    ['installation', 'connection'],
    ['payment', 'installation'],
    // "Confirmation goes back two steps."
    ['confirmation', 'installation'],
  ] as const)('back from %s is %s', (step, back) => {
    expect(previousStep(step)).toBe(back);
  });

  it.each([
    ['address', 'plans'],
    ['payment', 'confirmation'],
    ['confirmation', null],
  ] as const)('next from %s is %s', (step, next) => {
    expect(nextStep(step)).toBe(next);
  });

  it.each([
    ['address', true],
    ['confirmation', true],
    // Version 2's numbers are not steps: a saved one is read through saved-steps.ts.
    [1, false],
    [7, false],
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
    ['address', { addressServiceable: false }, 'address'],
    ['plans', { planChosen: false }, 'plan'],
    // docs/rules/plans-and-pricing.md: Add to cart is enabled only when both a plan and a router
    // are chosen.
    ['plans', { routerChosen: false }, 'plan'],
    ['contact', { contactValid: false }, 'contact'],
    ['connection', { unitValid: false }, 'unit'],
    ['installation', { reservation: null }, 'reservation'],
    ['installation', { reservation: { expires_at: '2026-12-03T07:59:59+11:00' } }, 'reservation'],
    ['payment', { cardToken: null }, 'card'],
    ['payment', { cardToken: '' }, 'card'],
    // Checks are cumulative: an expired hold stops Payment too.
    ['payment', { reservation: { expires_at: '2026-12-03T08:00:00+11:00' } }, 'reservation'],
    ['connection', { planChosen: false, unitValid: false }, 'plan'],
  ] as const)('step %s with %j is blocked by %s', (step, change, blocker) => {
    const allowed = nextAllowed({ ...ready, ...change, step }, now);
    expect(allowed).toEqual({ next: null, back: previousStep(step), blockedBy: blocker });
  });

  it.each([
    ['address', { planChosen: false, contactValid: false, reservation: null, cardToken: null }],
    ['connection', { reservation: null, cardToken: null }],
    ['installation', { cardToken: null }],
  ] as const)('step %s does not wait for what later steps collect', (step, change) => {
    expect(nextAllowed({ ...ready, ...change, step }, now).blockedBy).toBeNull();
  });

  it('Confirmation has no next step whatever the state', () => {
    expect(nextAllowed({ ...ready, reservation: null, step: 'confirmation' }, now)).toEqual({
      next: null,
      back: 'installation',
      blockedBy: null,
    });
  });
});

describe('docs/rules/mail.md#finish-later: offered from the contact step on', () => {
  it('lists the steps from Contact info to the confirmation', () => {
    expect(FINISH_LATER_STEPS).toEqual([
      'contact',
      'connection',
      'installation',
      'payment',
      'confirmation',
    ]);
  });
});

describe('the step table', () => {
  it('orders the steps and places each once', () => {
    expect(steps.map(analyticsStepNumber)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(isBefore('connection', 'installation')).toBe(true);
    expect(isBefore('installation', 'installation')).toBe(false);
    expect(isBefore('payment', 'installation')).toBe(false);
  });

  it('gives each step an analytics number of its own, as the tag manager reads them', () => {
    const numbers = steps.map(analyticsStepNumber);
    expect(new Set(numbers).size).toBe(numbers.length);
  });
});
