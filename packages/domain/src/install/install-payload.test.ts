import { describe, expect, it } from 'vitest';
import { buildInstallBody, installBodySchema } from './install-payload.ts';
import type { InstallBody, InstallBodyInput } from './install-payload.ts';
import type { ExtraFieldEntry } from '../shared/extra-field-names.ts';
import type { SchedulingRecord } from './install-payload.ts';

const extraFields: ExtraFieldEntry[] = [
  { name: 'Building Code', value: 'G1A2B3' },
  { name: 'Contract Term', value: 'Month-Month' },
];

// The demo's main path (docs/rules/demo-data.md): 100 Harris Street, Pyrmont NSW 2009, on Sydney
// time.
const sydney: InstallBodyInput = {
  reservation: { reservation_id: 'res-1', event_id: 'evt-1' },
  // 08:00 to 10:00 on 3 December in Sydney, written in UTC where it is still the 2nd.
  slot: { start: '2026-12-02T21:00:00Z', end: '2026-12-02T23:00:00Z' },
  contact: {
    firstName: 'Jane',
    lastName: "O'neil",
    email: 'jane@example.com',
    phone: '0412345678',
  },
  address: {
    formatted_address: '100 Harris Street, Pyrmont NSW 2009',
    street_number: '100',
    street: 'Harris Street',
    suburb: 'Pyrmont',
    state: 'NSW',
    postcode: '2009',
    unit: '12',
    uniqueCode: 'G1A2B3',
  },
  extraFields,
  planId: 'boost-100',
  cardToken: 'tok_visa',
  coupon: { coupon_id: 'PROMOMIOMF', coupon_type: 3 },
  router: { cost: '10' },
  addOns: ['static-ip'],
};

describe('buildInstallBody: docs/rules/orders.md "Body: reservation_id, event_id, arrivy_booking, charge_bee"', () => {
  it('builds the whole body for a Sydney booking', () => {
    expect(buildInstallBody(sydney)).toEqual({
      reservation_id: 'res-1',
      event_id: 'evt-1',
      arrivy_booking: {
        customer_first_name: 'Jane',
        customer_last_name: "O'neil",
        customer_email: 'jane@example.com',
        customer_mobile_number: '+61412345678',
        customer_address_line_1: '12',
        customer_address_line_2: '100 Harris Street',
        customer_city: 'Pyrmont',
        customer_state: 'NSW',
        customer_zipcode: '2009',
        customer_country: 'Australia',
        // The address line every mail and invite carries, unit included (docs/rules/mail.md).
        title: "Installation - Jane O'neil - Unit 12, 100 Harris Street, Pyrmont NSW 2009",
        template_extra_fields: extraFields,
        start_datetime: '2026-12-03T08:00:00+11:00',
        end_datetime: '2026-12-03T10:00:00+11:00',
      },
      charge_bee: {
        start_date: Date.parse('2026-12-03T23:59:59.999+11:00'),
        first_name: 'Jane',
        last_name: "O'neil",
        unit: '12',
        address: '100 Harris Street',
        state: 'NSW',
        email: 'jane@example.com',
        postcode: '2009',
        phone: '+61412345678',
        suburb: 'Pyrmont',
        plan_id: 'boost-100',
        tmp_token: 'tok_visa',
        coupon_id: 'PROMOMIOMF',
        coupon_type: 3,
        service_id: 'G1A2B3',
        router_charge: 10,
        add_ons: ['static-ip'],
      },
    } satisfies InstallBody);
  });

  it('is a scheduling record as docs/rules/orders.md describes it', () => {
    const record: Omit<SchedulingRecord, 'template_extra_fields'> =
      buildInstallBody(sydney).arrivy_booking;
    expect(record.customer_country).toBe('Australia');
  });

  it('copies the extra fields rather than sharing the list', () => {
    const body = buildInstallBody(sydney);
    expect(body.arrivy_booking.template_extra_fields).not.toBe(extraFields);
  });
});

describe('times are in the zone of the address state, across DST', () => {
  it.each([
    // Sydney on the day DST starts: the slot is after the change, so +11:00.
    [
      'NSW',
      '2026-10-04T10:00:00+11:00',
      '2026-10-04T12:00:00+11:00',
      '2026-10-04T10:00:00+11:00',
      '2026-10-04T12:00:00+11:00',
      '2026-10-04T23:59:59.999+11:00',
    ],
    // Sydney on the day DST ends.
    [
      'NSW',
      '2026-04-05T08:00:00+10:00',
      '2026-04-05T10:00:00+10:00',
      '2026-04-05T08:00:00+10:00',
      '2026-04-05T10:00:00+10:00',
      '2026-04-05T23:59:59.999+10:00',
    ],
    // Perth has no DST: the same instant reads 07:00+08:00 there.
    [
      'WA',
      '2026-10-04T10:00:00+11:00',
      '2026-10-04T12:00:00+11:00',
      '2026-10-04T07:00:00+08:00',
      '2026-10-04T09:00:00+08:00',
      '2026-10-04T23:59:59.999+08:00',
    ],
    [
      'SA',
      '2026-12-03T08:00:00+10:30',
      '2026-12-03T10:00:00+10:30',
      '2026-12-03T08:00:00+10:30',
      '2026-12-03T10:00:00+10:30',
      '2026-12-03T23:59:59.999+10:30',
    ],
    // Any other state is Melbourne: Hobart's booking on Melbourne time.
    [
      'TAS',
      '2026-12-02T21:00:00Z',
      '2026-12-02T23:00:00Z',
      '2026-12-03T08:00:00+11:00',
      '2026-12-03T10:00:00+11:00',
      '2026-12-03T23:59:59.999+11:00',
    ],
  ])('%s slot %s', (state, start, end, startIso, endIso, endOfDay) => {
    const body = buildInstallBody({
      ...sydney,
      slot: { start, end },
      address: { ...sydney.address, state },
    });
    expect(body.arrivy_booking.start_datetime).toBe(startIso);
    expect(body.arrivy_booking.end_datetime).toBe(endIso);
    expect(body.charge_bee.start_date).toBe(Date.parse(endOfDay));
  });
});

describe('docs/rules/contact-and-connection.md "if the number does not start with +61, the leading character is dropped and +61 is prefixed"', () => {
  it.each([
    ['0412345678', '+61412345678'],
    ['+61412345678', '+61412345678'],
  ])('%s -> %s', (phone, normalised) => {
    const body = buildInstallBody({ ...sydney, contact: { ...sydney.contact, phone } });
    expect(body.arrivy_booking.customer_mobile_number).toBe(normalised);
    expect(body.charge_bee.phone).toBe(normalised);
  });
});

describe('address parts', () => {
  it.each([
    // docs/rules/orders.md: the unit is '' when there is none (empty or '0').
    ['0', ''],
    ['', ''],
    [' 12A ', '12A'],
  ])('unit %j is sent as %j', (unit, sent) => {
    const body = buildInstallBody({ ...sydney, address: { ...sydney.address, unit } });
    expect(body.arrivy_booking.customer_address_line_1).toBe(sent);
    expect(body.charge_bee.unit).toBe(sent);
  });

  it.each([
    ['100', 'Harris Street', '100 Harris Street'],
    ['', 'Harris Street', 'Harris Street'],
    [' 7 ', 'Wattle Gr', '7 Wattle Gr'],
  ])('street line from %j and %j', (street_number, street, line) => {
    const address = { ...sydney.address, street_number, street };
    const body = buildInstallBody({ ...sydney, address });
    expect(body.arrivy_booking.customer_address_line_2).toBe(line);
    expect(body.charge_bee.address).toBe(line);
  });
});

describe('charge_bee order parts', () => {
  it('sends no coupon as nulls', () => {
    const { charge_bee } = buildInstallBody({ ...sydney, coupon: null });
    expect([charge_bee.coupon_id, charge_bee.coupon_type]).toEqual([null, null]);
  });

  it.each([
    ['0', 0],
    ['10', 10],
    ['12.50', 12.5],
  ])('router cost %j is a charge of %s dollars', (cost, charge) => {
    expect(buildInstallBody({ ...sydney, router: { cost } }).charge_bee.router_charge).toBe(charge);
  });

  it('sends each add-on once (docs/rules/plans-and-pricing.md: adding an add-on is idempotent)', () => {
    const body = buildInstallBody({
      ...sydney,
      addOns: ['static-ip', 'new-development-fee', 'static-ip'],
    });
    expect(body.charge_bee.add_ons).toEqual(['static-ip', 'new-development-fee']);
  });

  it("sends Chargebee's direct debit bank account instead of the token, checked and normalised (docs/rules/orders.md)", () => {
    const bankAccount = {
      account_name: ' Jane Citizen ',
      bsb: '062-000',
      account_number: '98 765 432',
    };
    const body = buildInstallBody({ ...sydney, bankAccount, directDebitAgreed: true });
    expect('tmp_token' in body.charge_bee).toBe(false);
    const parsed = installBodySchema.safeParse(body);
    expect(parsed.success).toBe(true);
    expect(parsed.data!.charge_bee.bank_account).toEqual({
      account_name: 'Jane Citizen',
      bsb: '062000',
      account_number: '98765432',
    });
    const wrong = installBodySchema.safeParse(
      buildInstallBody({ ...sydney, bankAccount: { ...bankAccount, bsb: '06-000' } }),
    );
    expect(wrong.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['charge_bee.bank_account.bsb', 'BSB must be 6 digits, like 062-000'],
    ]);
    // Exactly one of a token and a bank account.
    for (const charge_bee of [
      { ...body.charge_bee, tmp_token: 'tok_test_1' },
      { ...buildInstallBody(sydney).charge_bee, tmp_token: undefined },
    ])
      expect(installBodySchema.safeParse({ ...body, charge_bee }).success).toBe(false);
  });

  it('sends direct_debit_agreed only when the Direct Debit Request was agreed (docs/rules/orders.md)', () => {
    expect('direct_debit_agreed' in buildInstallBody(sydney).charge_bee).toBe(false);
    const agreed = buildInstallBody({ ...sydney, directDebitAgreed: true }).charge_bee;
    expect(agreed.direct_debit_agreed).toBe(true);
    expect(
      installBodySchema.safeParse(buildInstallBody({ ...sydney, directDebitAgreed: true })).success,
    ).toBe(true);
  });
});

describe('installBodySchema: the server checks the body with the same schema', () => {
  const body = buildInstallBody(sydney);
  const clone = (b: InstallBody): InstallBody => JSON.parse(JSON.stringify(b)) as InstallBody;

  it('accepts what the builder builds', () => {
    expect(installBodySchema.parse(body)).toEqual(body);
    const noUnitNoCoupon = buildInstallBody({
      ...sydney,
      coupon: null,
      addOns: [],
      address: { ...sydney.address, unit: '0' },
    });
    expect(installBodySchema.safeParse(noUnitNoCoupon).success).toBe(true);
  });

  type Change = (b: InstallBody) => void;
  it.each<[string, Change]>([
    ['a missing reservation id', (b) => void (b.reservation_id = ' ')],
    [
      'a mobile that is not +61',
      (b) => void (b.arrivy_booking.customer_mobile_number = '0412345678'),
    ],
    ['a charge_bee phone that is not +61', (b) => void (b.charge_bee.phone = '+6112345678')],
    ['another country', (b) => void Object.assign(b.arrivy_booking, { customer_country: 'NZ' })],
    [
      'a start without an offset',
      (b) => void (b.arrivy_booking.start_datetime = '2026-12-03T08:00:00'),
    ],
    [
      'an end before the start',
      (b) => void (b.arrivy_booking.end_datetime = '2026-12-03T07:00:00+11:00'),
    ],
    ['a unit over 10 characters', (b) => void (b.charge_bee.unit = '12345678901')],
    ['a postcode that is not 4 digits', (b) => void (b.charge_bee.postcode = '200')],
    [
      'an unknown extra field',
      (b) =>
        void Object.assign(b.arrivy_booking.template_extra_fields, [
          { name: 'Colour', value: 'x' },
        ]),
    ],
    ['an empty card token', (b) => void (b.charge_bee.tmp_token = '')],
    ['a coupon id without a type', (b) => void (b.charge_bee.coupon_type = null)],
    ['a coupon type without an id', (b) => void (b.charge_bee.coupon_id = null)],
    ['an unknown coupon type', (b) => void Object.assign(b.charge_bee, { coupon_type: 5 })],
    ['an unknown add-on', (b) => void Object.assign(b.charge_bee, { add_ons: ['fax'] })],
    ['a repeated add-on', (b) => void (b.charge_bee.add_ons = ['static-ip', 'static-ip'])],
    ['a negative router charge', (b) => void (b.charge_bee.router_charge = -1)],
    ['a router charge that is not a number', (b) => void (b.charge_bee.router_charge = Number.NaN)],
    ['a start_date that is not whole ms', (b) => void (b.charge_bee.start_date = 1.5)],
  ])('refuses %s', (_, change) => {
    const changed = clone(body);
    change(changed);
    expect(installBodySchema.safeParse(changed).success).toBe(false);
  });

  it.each<[string, Change]>([
    [
      'no title',
      (b) => void delete (b.arrivy_booking as Partial<InstallBody['arrivy_booking']>).title,
    ],
    ['an empty title', (b) => void (b.arrivy_booking.title = '')],
    ['a title of its own', (b) => void (b.arrivy_booking.title = 'Install: Jane Citizen – NBN?')],
    [
      'a router charge as text',
      (b) => void Object.assign(b.charge_bee, { router_charge: '10.00' }),
    ],
    ['a router charge with $', (b) => void Object.assign(b.charge_bee, { router_charge: '$10' })],
    ['no router charge as text', (b) => void Object.assign(b.charge_bee, { router_charge: '' })],
  ])('accepts %s (docs/decisions/009-install-facts.md)', (_, change) => {
    const changed = clone(body);
    change(changed);
    expect(installBodySchema.safeParse(changed).success).toBe(true);
  });

  it.each([
    ['10', 10],
    ['$12.50', 12.5],
    ['', 0],
    ['0.00', 0],
  ])('reads the router charge %j as %s dollars', (charge, dollars) => {
    const changed = clone(body);
    Object.assign(changed.charge_bee, { router_charge: charge });
    expect(installBodySchema.parse(changed).charge_bee.router_charge).toBe(dollars);
  });

  it.each<[string, Change]>([
    ['a title with markup', (b) => void (b.arrivy_booking.title = '<b>Install</b>')],
    ['a title of 301 characters', (b) => void (b.arrivy_booking.title = 'x'.repeat(301))],
    ['a router charge of words', (b) => void Object.assign(b.charge_bee, { router_charge: 'ten' })],
    [
      'a negative router charge as text',
      (b) => void Object.assign(b.charge_bee, { router_charge: '-10' }),
    ],
  ])('refuses %s, naming the field', (_, change) => {
    const changed = clone(body);
    change(changed);
    const result = installBodySchema.safeParse(changed);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual([
      expect.stringMatching(/^arrivy_booking\.title$|^charge_bee\.router_charge$/),
    ]);
  });

  it('reports a start that is not a date-time instead of throwing', () => {
    const changed = clone(body);
    changed.arrivy_booking.start_datetime = 'soon';
    expect(() => installBodySchema.safeParse(changed)).not.toThrow();
    expect(installBodySchema.safeParse(changed).success).toBe(false);
  });
});
