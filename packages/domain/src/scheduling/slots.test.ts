import { describe, expect, it } from 'vitest';
import {
  attachBookingIds,
  availableDays,
  dedupeSlotsByStart,
  findSlotByBookingId,
  slotLabel,
  slotsOnDay,
} from './slots.ts';
import type { BookingSlot } from '../api/scheduling.ts';

const SYDNEY = 'Australia/Sydney';
const PERTH = 'Australia/Perth';

function slot(id: string, start: string, end: string, booking_id = ''): BookingSlot {
  return {
    id,
    booking_id,
    event_id: `event-${id}`,
    start,
    end,
    start_datetime_original_iso_str: start,
    end_datetime_original_iso_str: end,
  };
}

describe('dedupeSlotsByStart: docs/rules/installation-and-holds.md "Slots with the same start are de-duplicated"', () => {
  it('keeps the first slot of each start, in the order given', () => {
    const slots = [
      slot('crew-a-8', '2026-12-03T08:00:00+11:00', '2026-12-03T10:00:00+11:00'),
      slot('crew-a-10', '2026-12-03T10:00:00+11:00', '2026-12-03T12:00:00+11:00'),
      slot('crew-b-8', '2026-12-03T08:00:00+11:00', '2026-12-03T10:00:00+11:00'),
      slot('crew-b-10', '2026-12-03T10:00:00+11:00', '2026-12-03T12:00:00+11:00'),
    ];
    expect(dedupeSlotsByStart(slots).map((s) => s.id)).toEqual(['crew-a-8', 'crew-a-10']);
  });

  it('compares starts as instants, whatever offset they are written with', () => {
    const slots = [
      slot('a', '2026-12-03T08:00:00+11:00', '2026-12-03T10:00:00+11:00'),
      slot('b', '2026-12-02T21:00:00Z', '2026-12-02T23:00:00Z'),
      slot('c', '2026-12-03T05:00:00+08:00', '2026-12-03T07:00:00+08:00'),
    ];
    expect(dedupeSlotsByStart(slots).map((s) => s.id)).toEqual(['a']);
  });

  it('keeps slots whose starts differ, even on the same wall-clock time in another zone', () => {
    const slots = [
      slot('sydney-8', '2026-12-03T08:00:00+11:00', '2026-12-03T10:00:00+11:00'),
      slot('perth-8', '2026-12-03T08:00:00+08:00', '2026-12-03T10:00:00+08:00'),
    ];
    expect(dedupeSlotsByStart(slots)).toHaveLength(2);
  });

  it('returns a new list and leaves the input alone', () => {
    const slots = [slot('a', '2026-12-03T08:00:00+11:00', '2026-12-03T10:00:00+11:00')];
    expect(dedupeSlotsByStart(slots)).not.toBe(slots);
    expect(dedupeSlotsByStart([])).toEqual([]);
  });
});

describe('attachBookingIds: docs/rules/installation-and-holds.md "Results attach booking_id to matching slots"', () => {
  const slots = [
    slot('s1', '2026-12-03T08:00:00+11:00', '2026-12-03T10:00:00+11:00'),
    slot('s2', '2026-12-03T10:00:00+11:00', '2026-12-03T12:00:00+11:00', 'kept'),
  ];

  it('sets booking_id on the slot with the same id and leaves the others as they were', () => {
    const attached = attachBookingIds(slots, [
      { id: 's1', booking_id: 'b-1' },
      { id: 'unknown', booking_id: 'b-x' },
    ]);
    expect(attached.map((s) => [s.id, s.booking_id])).toEqual([
      ['s1', 'b-1'],
      ['s2', 'kept'],
    ]);
    expect(attached[1]).toBe(slots[1]);
  });

  it('does not match by start: another crew at the same time is a different slot', () => {
    const attached = attachBookingIds(slots, [{ id: 'other-crew-8am', booking_id: 'b-9' }]);
    expect(attached.map((s) => s.booking_id)).toEqual(['', 'kept']);
  });

  it('does not change the slots it was given', () => {
    attachBookingIds(slots, [{ id: 's1', booking_id: 'b-1' }]);
    expect(slots[0]?.booking_id).toBe('');
  });
});

describe('calendar days in the address zone', () => {
  // 2026-12-02T23:30:00Z is 10:30 on the 3rd in Sydney and 07:30 on the 3rd in Perth;
  // 2026-12-03T14:00:00Z is 01:00 on the 4th in Sydney but 22:00 on the 3rd in Perth.
  const slots = [
    slot('late', '2026-12-03T14:00:00Z', '2026-12-03T16:00:00Z'),
    slot('noon', '2026-12-03T12:00:00+11:00', '2026-12-03T14:00:00+11:00'),
    slot('morning', '2026-12-02T23:30:00Z', '2026-12-03T01:30:00Z'),
    slot('next-week', '2026-12-10T08:00:00+11:00', '2026-12-10T10:00:00+11:00'),
  ];

  it.each([
    [SYDNEY, ['2026-12-03', '2026-12-04', '2026-12-10']],
    [PERTH, ['2026-12-03', '2026-12-10']],
  ])('availableDays in %s', (zone, days) => {
    expect([...availableDays(slots, zone)].sort()).toEqual(days);
  });

  it.each([
    [SYDNEY, '2026-12-03', ['morning', 'noon']],
    [SYDNEY, '2026-12-04', ['late']],
    [PERTH, '2026-12-03', ['morning', 'noon', 'late']],
    [SYDNEY, '2026-12-05', []],
  ])('slotsOnDay in %s on %s, earliest first', (zone, day, ids) => {
    expect(slotsOnDay(slots, day, zone).map((s) => s.id)).toEqual(ids);
  });

  it('finds slots on the day Sydney starts DST', () => {
    const dstDay = [
      slot('10am', '2026-10-04T10:00:00+11:00', '2026-10-04T12:00:00+11:00'),
      slot('1am', '2026-10-04T01:00:00+10:00', '2026-10-04T03:00:00+11:00'),
      slot('day-before', '2026-10-03T23:00:00+10:00', '2026-10-04T01:00:00+10:00'),
    ];
    expect(slotsOnDay(dstDay, '2026-10-04', SYDNEY).map((s) => s.id)).toEqual(['1am', '10am']);
  });
});

describe('slotLabel: docs/rules/installation-and-holds.md "Arrival between start and end"', () => {
  it.each([
    [SYDNEY, 'Arrival between 8:00am and 10:00am'],
    [PERTH, 'Arrival between 5:00am and 7:00am'],
  ])('in %s', (zone, text) => {
    const window = slot('s', '2026-12-03T08:00:00+11:00', '2026-12-03T10:00:00+11:00');
    expect(slotLabel(window, zone)).toBe(text);
  });
});

describe('findSlotByBookingId: docs/rules/installation-and-holds.md "A chosen slot is kept as the wanted booking id"', () => {
  const slots = [
    slot('s1', '2026-12-03T08:00:00+11:00', '2026-12-03T10:00:00+11:00', 'b-1'),
    slot('s2', '2026-12-03T10:00:00+11:00', '2026-12-03T12:00:00+11:00', ''),
  ];

  it.each([
    ['b-1', 's1'],
    ['b-2', undefined],
    [null, undefined],
    ['', undefined],
  ])('%j -> %s', (bookingId, id) => {
    expect(findSlotByBookingId(slots, bookingId)?.id).toBe(id);
  });
});
