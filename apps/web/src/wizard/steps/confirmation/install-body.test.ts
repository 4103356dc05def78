import { describe, expect, it } from 'vitest';
import { installBodySchema } from '@fibre/domain/install';
import type { DomainConfig } from '@fibre/domain/shared';
import { plan, router } from '@fibre/domain/test-support/plans';
import { initialState, type WizardState } from '../../store/state.ts';
import { currentOffer } from '../../offers/current-offer.ts';
import { selectedPlan, selectedRouter } from '../../store/selectors.ts';
import { restoredState } from '../../store/store-context.tsx';
import { deserialise, serialise } from '../../store/persistence.ts';
import { acmeRules, demoRules } from '../../../test-support/rules.ts';
import { installBodyFrom } from './install-body.ts';
import { BANK_ACCOUNT_HELD, holdBankAccount } from '../../payment/bank-account-handoff.ts';

// The catalogue the query cache holds for the building.
const plans = [plan({ id: 'boost-100', name: 'Boost 100', speed: 100, cost: '79.00' })];
const routers = [router({ id: 'wifi6', name: 'Wi-Fi 6 Router', cost: '10.00' })];

/** The order the state resolves to in the catalogue, as useOrder() gives it. */
const order = (s: WizardState, rules: DomainConfig) => ({
  plan: selectedPlan(s, plans, rules),
  router: selectedRouter(s, routers),
  offer: currentOffer(s, s.campaign),
});

const state: WizardState = {
  ...initialState,
  step: 'confirmation',
  address: {
    ...initialState.address,
    value: {
      formatted_address: '100 Harris Street, Pyrmont NSW 2009',
      street_number: '100',
      street: 'Harris Street',
      suburb: 'Pyrmont',
      state: 'NSW',
      postcode: '2009',
      unit: '12',
      uniqueCode: 'G1A2B3',
      status: 'LIT',
      buildingCategory: 'brownfield',
      buildingClass: 'mdu',
      buildingType: 'residential',
      mdu: true,
      commercial: false,
      mixed: false,
      greenfield: false,
    },
  },
  plans: {
    ...initialState.plans,
    selectedId: 'boost-100',
  },
  routers: {
    ...initialState.routers,
    selectedId: 'wifi6',
  },
  signup: {
    ...initialState.signup,
    addOns: ['static-ip'],
    contact: {
      firstName: 'Mary',
      lastName: "O'Brien",
      email: 'mary@example.com',
      confirmEmail: 'mary@example.com',
      phone: '0412 345 678',
      howDidYouHearAboutUs: 'Search Engine',
    },
    connectionConfirmed: true,
    cardToken: 'tok_test_1',
    acceptances: {
      monthlyCharge: true,
      newDevelopmentCharge: undefined,
      terms: true,
      marketing: false,
    },
    idempotencyKey: 'key-1',
  },
  reservations: {
    lost: false,
    booked: false,
    reservation: {
      reservation_id: 'r-1',
      event_id: 'w-1~crew-2',
      expires_at: '2026-11-22T10:10:00.000Z',
    },
    slot: {
      booking_id: 'w-1',
      start: '2026-11-24T08:00:00+11:00',
      end: '2026-11-24T10:00:00+11:00',
      formattedAddress: '100 Harris Street, Pyrmont NSW 2009',
    },
  },
};

describe('the install body', () => {
  const body = installBodyFrom(state, demoRules, order(state, demoRules))!;
  const extra = Object.fromEntries(
    body.arrivy_booking.template_extra_fields.map((f) => [f.name, f.value]),
  );

  it('passes the schema the server checks it with', () => {
    expect(installBodySchema.safeParse(body).success).toBe(true);
  });

  it("sends the reservation's event id and the order's router, price and add-on", () => {
    expect(body).toMatchObject({ reservation_id: 'r-1', event_id: 'w-1~crew-2' });
    expect(extra).toMatchObject({
      Router: 'Wi-Fi 6 Router',
      'Monthly Cost': '98',
      'Add-On': 'Static IP',
    });
    expect(body.charge_bee).toMatchObject({ phone: '+61412345678', tmp_token: 'tok_test_1' });
    expect(body.arrivy_booking.start_datetime).toBe('2026-11-24T08:00:00+11:00');
  });

  it('is the same body every time it is built (the Idempotency-Key needs that)', () => {
    expect(JSON.stringify(installBodyFrom(state, demoRules, order(state, demoRules)))).toBe(
      JSON.stringify(body),
    );
  });

  it("prices the monthly cost and names the provider by the catalogue's rules", () => {
    const acme = installBodyFrom(state, acmeRules, order(state, acmeRules))!;
    const fields = Object.fromEntries(
      acme.arrivy_booking.template_extra_fields.map((f) => [f.name, f.value]),
    );
    // Boost 100 $79 + Wi-Fi 6 Router $10 + the static IP at $12.50 rather than $9.
    expect(fields).toMatchObject({ 'Monthly Cost': '101.50', RSP: 'acme' });
  });

  it('is null while the card token is missing', () => {
    expect(
      installBodyFrom(
        { ...state, signup: { ...state.signup, cardToken: null } },
        demoRules,
        order(state, demoRules),
      ),
    ).toBeNull();
  });
  it('states the scheme kept with the token, and the same body after a reload restores the store', () => {
    const amex: WizardState = { ...state, signup: { ...state.signup, cardScheme: 'amex' } };
    const first = installBodyFrom(amex, demoRules, order(amex, demoRules))!;
    // Boost 100 $79 + Wi-Fi 6 Router $10 + static IP $9 = $98; American Express 1.5% is $1.47.
    expect(first.charge_bee).toMatchObject({ card_scheme: 'amex', card_fee: 1.47 });
    const reloaded = deserialise(serialise(amex))!;
    expect(JSON.stringify(installBodyFrom(reloaded, demoRules, order(reloaded, demoRules)))).toBe(
      JSON.stringify(first),
    );
  });
});

describe('reloading the confirmation', () => {
  it('stays on a placed order although its hold has passed', () => {
    const placed = { ...state, reservations: { ...state.reservations, booked: true } };
    expect(restoredState(placed, Date.parse('2026-11-23T00:00:00Z')).step).toBe('confirmation');
  });

  it('goes back to installation when an unplaced order lost its hold', () => {
    expect(restoredState(state, Date.parse('2026-11-23T00:00:00Z')).step).toBe('installation');
  });
});

// docs/rules/contact-and-connection.md#direct-debit-through-chargebee: the bank account held in
// the page's memory goes in the body instead of a token; lost with a reload, there is no body.
describe("the install body with Chargebee's direct debit", () => {
  const debit: WizardState = {
    ...state,
    signup: {
      ...state.signup,
      cardToken: BANK_ACCOUNT_HELD,
      acceptances: { ...state.signup.acceptances!, directDebit: true } as NonNullable<
        WizardState['signup']['acceptances']
      >,
    },
  };

  it('is null while no bank account is held (a reload lost it)', () => {
    expect(installBodyFrom(debit, demoRules, order(debit, demoRules))).toBeNull();
  });

  it('carries the held bank account and the DDR box, and no token', () => {
    const account = { account_name: 'Jane Citizen', bsb: '062000', account_number: '98765432' };
    holdBankAccount(account);
    const body = installBodyFrom(debit, demoRules, order(debit, demoRules))!;
    expect(body.charge_bee.bank_account).toEqual(account);
    expect(body.charge_bee.direct_debit_agreed).toBe(true);
    expect('tmp_token' in body.charge_bee).toBe(false);
    expect(installBodySchema.safeParse(body).success).toBe(true);
  });
});
