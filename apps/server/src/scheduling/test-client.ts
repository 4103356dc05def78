import type { TestApp } from '../test-support/app.ts';

/** The scheduling calls as the wizard makes them, for the route tests. */

// Wednesday 30 September 2026, 10:00 in Sydney; DST starts there on Sunday 4 October.
export const wednesday = new Date('2026-09-30T00:00:00Z');

export interface Slot {
  id: string;
  booking_id: string;
  event_id: string;
  start: string;
  end: string;
}

export function schedulingClient(t: TestApp) {
  const hold = (booking_id: string, start: string, end: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/demo/reservations',
      payload: { booking_id, start, end },
    });
  const slots = async (state: string, from: string, to: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/demo/bookings/${state}?${new URLSearchParams({ from, to })}`,
    });
    if (res.statusCode !== 200) throw new Error(`bookings answered ${res.statusCode}`);
    return (res.json() as { booking_slots: Slot[] }).booking_slots;
  };
  const hh = (h: number) => String(h).padStart(2, '0');
  return {
    at: (now: Date) => (t.clock.now = now),
    slots,
    /** A Sydney day's slots, fetched as the wizard's single-day call does. */
    daySlots: (day: string, offset = '+11:00') =>
      slots('NSW', `${day}T00:00:00${offset}`, `${day}T23:00:00${offset}`),
    hold,
    holdNsw: (day: string, hour: number, offset = '+11:00') =>
      hold(
        `NSW-${day}T${hh(hour)}:00`,
        `${day}T${hh(hour)}:00:00${offset}`,
        `${day}T${hh(hour + 2)}:00:00${offset}`,
      ),
    release: (id: string) =>
      t.app.inject({ method: 'DELETE', url: `/api/v1/demo/reservations/${id}` }),
  };
}
