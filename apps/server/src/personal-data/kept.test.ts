import { describe, expect, it } from 'vitest';
import type { PersonOrderRow } from './repository/finding.ts';
import { keptBecause } from './erasure.ts';

// docs/rules/personal-data-requests.md#erase: only an order that never went ahead may be erased.

const now = new Date('2026-12-10T00:00:00Z');
const window = new Date('2026-12-05T00:00:00Z');

const order = (fields: Partial<PersonOrderRow>) =>
  ({
    id: 'ord_1',
    status: 'cancelled',
    starts_at: window,
    cancelled_at: null,
    cancelled_from: null,
    ...fields,
  }) as PersonOrderRow;

describe('which orders an erasure keeps', () => {
  it('keeps a confirmed order while the service is live, one being placed, and one needing attention', () => {
    expect(keptBecause(order({ status: 'confirmed' }), now)).toBe(
      'Order ord_1 is confirmed: its contact details stay while the service is live. Cancel the order first if the service has ended.',
    );
    expect(keptBecause(order({ status: 'pending' }), now)).toMatch(/is still being placed/);
    expect(keptBecause(order({ status: 'needs_attention' }), now)).toMatch(/needs attention/);
  });

  it('erases an order cancelled before its window began', () => {
    const before = new Date('2026-12-01T00:00:00Z');
    expect(
      keptBecause(order({ cancelled_at: before, cancelled_from: 'confirmed' }), now),
    ).toBeNull();
  });

  it('keeps an order cancelled after its window began: the service went ahead', () => {
    const after = new Date('2026-12-06T00:00:00Z');
    expect(keptBecause(order({ cancelled_at: after, cancelled_from: 'confirmed' }), now)).toBe(
      'Order ord_1 was cancelled after its installation window began, so the service went ahead: its record is kept.',
    );
  });

  it('erases an order never confirmed, whenever it was cancelled', () => {
    const after = new Date('2026-12-06T00:00:00Z');
    for (const from of ['pending', 'needs_attention']) {
      expect(keptBecause(order({ cancelled_at: after, cancelled_from: from }), now)).toBeNull();
    }
  });

  it('without a record of the cancel, erases it only while its window is still ahead', () => {
    expect(keptBecause(order({}), new Date('2026-12-01T00:00:00Z'))).toBeNull();
    expect(keptBecause(order({}), now)).not.toBeNull();
    expect(keptBecause(order({ starts_at: null }), now)).toBeNull();
  });
});
