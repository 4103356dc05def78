import { describe, expect, it } from 'vitest';
import { currentStep, progressOf } from './progress.ts';

// docs/rules/order-page.md#progress: where the order is, from its status and service status.

describe('the order page progress', () => {
  it('follows the order from ordered to active', () => {
    expect(currentStep({ status: 'pending', service_status: null })).toBe('ordered');
    expect(currentStep({ status: 'needs_attention', service_status: null })).toBe('ordered');
    expect(currentStep({ status: 'confirmed', service_status: null })).toBe('booked');
    expect(currentStep({ status: 'confirmed', service_status: 'installed' })).toBe('installed');
    expect(currentStep({ status: 'confirmed', service_status: 'active' })).toBe('active');
    // A service cancelled after it was active keeps its steps; the badge says it is cancelled.
    expect(currentStep({ status: 'confirmed', service_status: 'cancelled' })).toBe('active');
    expect(currentStep({ status: 'cancelled', service_status: null })).toBeNull();
  });

  it('marks the steps up to the current one done, and only it current', () => {
    expect(progressOf({ status: 'confirmed', service_status: 'installed' })).toEqual([
      { step: 'ordered', label: 'Ordered', done: true, current: false },
      { step: 'booked', label: 'Installation booked', done: true, current: false },
      { step: 'installed', label: 'Installed', done: true, current: true },
      { step: 'active', label: 'Active', done: false, current: false },
    ]);
    expect(progressOf({ status: 'cancelled', service_status: null })).toEqual([]);
  });
});
