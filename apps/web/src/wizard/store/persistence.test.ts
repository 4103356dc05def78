import { describe, expect, it } from 'vitest';
import { deserialise, loadState, saveState, serialise, STORAGE_KEY } from './persistence.ts';
import { initialState, type WizardState } from './state.ts';
import { restoredState } from './store-context.tsx';

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

const saved: WizardState = {
  ...initialState,
  step: 'plans',
  address: {
    input: '7 Wattle Grove, Kellyville NSW 2155',
    dialogOpen: true,
    value: {
      formatted_address: '7 Wattle Grove, Kellyville NSW 2155',
      street_number: '7',
      street: 'Wattle Gr',
      suburb: 'Kellyville',
      state: 'NSW',
      postcode: '2155',
      unit: '',
      uniqueCode: 'G9B0C1',
      status: 'LIT',
      buildingCategory: 'brownfield',
      buildingClass: 'sdu',
      buildingType: 'residential',
      mdu: false,
      commercial: false,
      mixed: false,
      greenfield: false,
    },
  },
  plans: { ...initialState.plans, filter: 'popular' },
};

describe('persistence', () => {
  it('round-trips through sessionStorage under its key', () => {
    const storage = memoryStorage();
    saveState(saved, storage);
    expect(storage.getItem(STORAGE_KEY)).toContain('"version":3');
    const loaded = loadState(storage);
    expect(loaded?.step).toBe('plans');
    expect(loaded?.plans.filter).toBe('popular');
    expect(loaded?.address.value?.street).toBe('Wattle Gr');
  });

  it('restores without an open dialog', () => {
    const loaded = deserialise(serialise(saved))!;
    expect(loaded.address.dialogOpen).toBe(false);
  });

  it('fills areas missing from an older save with their initial values', () => {
    const { bookings: _dropped, ...partial } = saved;
    const loaded = deserialise(JSON.stringify({ version: 3, state: partial }))!;
    expect(loaded.bookings).toEqual(initialState.bookings);
  });

  it('ignores nothing, junk, other versions and unknown steps', () => {
    expect(deserialise(null)).toBeNull();
    expect(deserialise('{not json')).toBeNull();
    expect(deserialise(JSON.stringify({ version: 0, state: saved }))).toBeNull();
    // Version 1 kept the installation's loading states and the order's answer: no longer read.
    expect(deserialise(JSON.stringify({ version: 1, state: saved }))).toBeNull();
    expect(deserialise(JSON.stringify({ version: 2, state: { ...saved, step: 9 } }))).toBeNull();
    expect(deserialise(JSON.stringify({ version: 3, state: { ...saved, step: 9 } }))).toBeNull();
    // Version 3 saves the step by id: a number there is not a step.
    expect(deserialise(JSON.stringify({ version: 3, state: { ...saved, step: 2 } }))).toBeNull();
  });

  // docs/rules/wizard-flow.md, "Saved steps": a tab saved by the wizard before steps had ids.
  it.each([
    [1, 'address'],
    [2, 'plans'],
    [3, 'contact'],
    [4, 'connection'],
    [5, 'installation'],
    [6, 'payment'],
    [7, 'confirmation'],
  ] as const)('reads a version 2 save of step %i as %s', (n, id) => {
    const loaded = deserialise(JSON.stringify({ version: 2, state: { ...saved, step: n } }));
    expect(loaded?.step).toBe(id);
    expect(loaded?.plans.filter).toBe('popular');
  });

  it('resumes a version 2 save on its step', () => {
    const storage = memoryStorage();
    const chosen = {
      ...saved,
      step: 3,
      plans: { ...saved.plans, selectedId: 'boost-100' },
      routers: { selectedId: 'wifi6' },
    };
    storage.setItem(STORAGE_KEY, JSON.stringify({ version: 2, state: chosen }));
    expect(restoredState(loadState(storage), Date.now()).step).toBe('contact');
  });

  it('keeps the held window and the day, but not the alert of a lost hold', () => {
    const held: WizardState = {
      ...saved,
      bookings: { date: '2026-11-24' },
      reservations: {
        reservation: {
          reservation_id: 'r-1',
          event_id: 'w-1~crew-1',
          expires_at: '2026-11-22T10:10:00Z',
        },
        slot: {
          booking_id: 'w-1',
          start: '2026-11-24T08:00:00+11:00',
          end: '2026-11-24T10:00:00+11:00',
          formattedAddress: '7 Wattle Grove, Kellyville NSW 2155',
        },
        lost: false,
        booked: false,
      },
    };
    expect(deserialise(serialise(held))).toMatchObject({
      bookings: held.bookings,
      reservations: held.reservations,
    });
    const lost = { ...saved, reservations: { ...initialState.reservations, lost: true } };
    expect(deserialise(serialise(lost))?.reservations.lost).toBe(false);
  });

  it('resumes on the furthest step the saved state supports', () => {
    // Step 3 was saved, but no plan or router is chosen: the wizard resumes on step 2.
    const restored = restoredState({ ...saved, step: 'contact' }, Date.now());
    expect(restored.step).toBe('plans');
    // With both chosen it resumes on step 3 (the catalogue is fetched again there).
    const chosen: WizardState = {
      ...saved,
      step: 'contact',
      plans: { ...saved.plans, selectedId: 'boost-100' },
      routers: { selectedId: 'wifi6' },
    };
    expect(restoredState(chosen, Date.now()).step).toBe('contact');
    expect(restoredState(null, Date.now())).toBe(initialState);
  });
});
