import type { Address } from '@fibre/domain/address';
import type { Plan, Router } from '@fibre/domain/api';
import { plan, router } from '@fibre/domain/test-support/plans';
import { initialState, type WizardState } from '../wizard/store/state.ts';

const cisUrl = (id: string) => `https://demofibre.example/cis/${id}.pdf`;

export const plans: Plan[] = [
  plan({
    id: 'starter-25',
    name: 'Starter 25',
    speed: 25,
    cost: '59',
    busyHourSpeed: 25,
    cisUrl: cisUrl('starter-25'),
  }),
  plan({
    id: 'boost-100',
    name: 'Boost 100',
    speed: 100,
    cost: '79',
    busyHourSpeed: 95,
    cisUrl: cisUrl('boost-100'),
  }),
  // No Critical Information Summary: its card shows no link.
  plan({
    id: 'streamer-250',
    name: 'Streamer 250',
    speed: 250,
    cost: '89',
    busyHourSpeed: 230,
    cisUrl: '',
  }),
];

export const routers: Router[] = [
  router({ id: 'byo', name: 'Bring your own router', cost: '0', description2: '' }),
  router({ id: 'wifi6', name: 'Wi-Fi 6 Router', cost: '10' }),
];

const address: Address = {
  formatted_address: '25 Ocean Drive, Alkimos WA 6038',
  street_number: '25',
  street: 'Ocean Drive',
  suburb: 'Alkimos',
  state: 'WA',
  postcode: '6038',
  unit: '',
  uniqueCode: 'G4D5E6',
  status: 'BuildCommenced',
  buildingCategory: 'greenfield',
  buildingClass: 'sdu',
  buildingType: 'residential',
  mdu: false,
  commercial: false,
  mixed: false,
  greenfield: true,
};

/**
 * Step 2 at a greenfield building: Boost 100, the Wi-Fi 6 Router, the static IP and the new
 * development fee chosen. The plans and routers are the query cache's: render with
 * `queryClient: withCatalogue(orderState)` (test-support/catalogue.ts) to have them loaded.
 */
export const orderState: WizardState = {
  ...initialState,
  step: 'plans',
  address: { ...initialState.address, input: address.formatted_address, value: address },
  plans: { ...initialState.plans, selectedId: 'boost-100' },
  routers: { ...initialState.routers, selectedId: 'wifi6' },
  signup: { ...initialState.signup, addOns: ['static-ip', 'new-development-fee'] },
};

/** The order with steps 3 and 4 passed (Mary Smith's contact, the connection confirmed). */
export const contactDoneState: WizardState = {
  ...orderState,
  signup: {
    ...orderState.signup,
    connectionConfirmed: true,
    contact: {
      firstName: 'Mary',
      lastName: 'Smith',
      email: 'mary@example.com',
      confirmEmail: 'mary@example.com',
      phone: '0412 345 678',
      howDidYouHearAboutUs: 'Search Engine',
    },
  },
};

/** The store tests' clock, and a window held from it for ten minutes at contactDoneState's address. */
export const heldNow = Date.parse('2026-11-26T00:00:00Z');
export const heldWindow: WizardState['reservations'] = {
  reservation: {
    reservation_id: 'r-1',
    event_id: 'e-1',
    expires_at: new Date(heldNow + 600_000).toISOString(),
  },
  slot: {
    booking_id: 'b-1',
    start: '2026-12-03T21:00:00.000Z',
    end: '2026-12-03T23:00:00.000Z',
    formattedAddress: contactDoneState.address.value!.formatted_address,
  },
  lost: false,
  booked: false,
};
