import { describe, expect, it } from 'vitest';
import { nextServiceStatuses } from './service-status.ts';

// docs/rules/orders.md#service-status: the steps, cancelled final.
describe('the steps a service may take', () => {
  it.each([
    [null, ['installed', 'active']],
    ['installed', ['active', 'cancelled']],
    ['active', ['cancelled']],
    ['cancelled', []],
  ] as const)('from %s: %j', (current, next) => {
    expect(nextServiceStatuses(current)).toEqual(next);
  });
});
