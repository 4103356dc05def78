import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultDomainConfig } from '../shared/config.ts';
import {
  buildExtraFields,
  echoedExtraFields,
  toTemplateExtraFields,
  type ExtraFieldsInput,
} from './extra-fields.ts';
import { buildInstallBody, unitOrEmpty, type InstallBodyInput } from './install-payload.ts';
import { readInstallBody } from './install-read.ts';
import { extraFieldNames } from '../shared/extra-field-names.ts';
import { type AddOn } from '../pricing/add-ons.ts';
import { messages } from '../shared/messages.ts';
import { howDidYouHearOptions } from '../contact/validation.ts';

/*
 * readInstallBody reverses buildInstallBody (docs/decisions/009-install-facts.md): whatever the
 * wizard builds, the server reads back the same facts, typed.
 */

const word = (min: number, max: number) =>
  fc
    .tuple(fc.constantFrom(...'ABCDEFGHJKLMNPRSTW'), fc.stringMatching(/^[a-z]+$/))
    .map(([first, rest]) => `${first}${rest.slice(0, max - 1)}`)
    .filter((w) => w.length >= min);
const code = fc.stringMatching(/^[A-Z0-9][A-Za-z0-9_-]{0,15}$/);
const states = ['NSW', 'VIC', 'QLD', 'WA', 'SA', 'TAS', 'ACT', 'NT'] as const;
const cents = fc.integer({ min: 0, max: 99_999 }).map((c) => c / 100);
const addOnsArb = fc.subarray<AddOn>(['static-ip', 'new-development-fee']);
// Whole quarter hours between 2026 and 2035: a booked window is two hours.
const slotStart = fc
  .integer({ min: 0, max: 9 * 365 * 96 })
  .map((q) => new Date(Date.UTC(2026, 0, 1) + q * 15 * 60_000));

const orderArb = fc
  .record({
    firstName: word(2, 12),
    lastName: word(2, 12),
    emailUser: fc.stringMatching(/^[a-z][a-z0-9]{0,10}$/),
    phoneDigits: fc.stringMatching(/^\d{8}$/),
    international: fc.boolean(),
    unit: fc.constantFrom('', '0', '12', '5A', ' 7 '),
    streetNumber: fc.integer({ min: 1, max: 999 }).map(String),
    street: word(3, 12).map((w) => `${w} Street`),
    suburb: word(3, 12),
    state: fc.constantFrom(...states),
    postcode: fc.stringMatching(/^\d{4}$/),
    buildingCode: fc.stringMatching(/^[A-Z][A-Z0-9]{5}$/),
    start: slotStart,
    reservationId: fc.uuid(),
    eventId: code,
    planId: code,
    cardToken: fc.stringMatching(/^[a-z0-9]{4,20}$/).map((t) => `tok_test_${t}`),
    coupon: fc.option(
      fc.record({
        coupon_id: code,
        coupon_type: fc.constantFrom(1, 2, 3, 4) as fc.Arbitrary<1 | 2 | 3 | 4>,
      }),
      { nil: null },
    ),
    routerCost: cents,
    addOns: addOnsArb,
    marketing: fc.boolean(),
    rsp: code,
    speed: fc.integer({ min: 1, max: 10_000 }),
    howDidYouHear: fc.constantFrom(...howDidYouHearOptions),
    promoCode: fc.option(code, { nil: null }),
    referralCode: fc.option(code, { nil: null }),
    routerName: fc.array(word(2, 8), { minLength: 1, maxLength: 3 }).map((w) => w.join(' ')),
    monthlyCost: cents,
  })
  .map((o) => {
    const extraInput: ExtraFieldsInput = {
      buildingCode: o.buildingCode,
      termsAgreed: true,
      marketing: o.marketing,
      rsp: o.rsp,
      speed: o.speed,
      howDidYouHear: o.howDidYouHear,
      promoCode: o.promoCode,
      referralCode: o.referralCode,
      routerName: o.routerName,
      monthlyCost: o.monthlyCost,
      addOns: o.addOns,
    };
    const phone = `${o.international ? '+614' : '04'}${o.phoneDigits}`;
    const input: InstallBodyInput = {
      reservation: { reservation_id: o.reservationId, event_id: o.eventId },
      slot: {
        start: o.start.toISOString(),
        end: new Date(o.start.getTime() + 2 * 3_600_000).toISOString(),
      },
      contact: {
        firstName: o.firstName,
        lastName: o.lastName,
        email: `${o.emailUser}@example.com`,
        phone,
      },
      address: {
        formatted_address: `${o.streetNumber} ${o.street}, ${o.suburb} ${o.state} ${o.postcode}`,
        street_number: o.streetNumber,
        street: o.street,
        suburb: o.suburb,
        state: o.state,
        postcode: o.postcode,
        unit: o.unit,
        uniqueCode: o.buildingCode,
      },
      extraFields: toTemplateExtraFields(buildExtraFields(extraInput, defaultDomainConfig)),
      planId: o.planId,
      cardToken: o.cardToken,
      coupon: o.coupon,
      router: { cost: String(o.routerCost) },
      addOns: o.addOns,
    };
    return { input, extraInput, phone: `+614${o.phoneDigits}` };
  });

describe('readInstallBody: the reverse of buildInstallBody (docs/decisions/009-install-facts.md)', () => {
  it("gives back the built order's facts", () => {
    fc.assert(
      fc.property(orderArb, ({ input, extraInput, phone }) => {
        const body = buildInstallBody(input);
        const read = readInstallBody(body);
        if (!read.ok) throw new Error(JSON.stringify(read.refusal));
        const { contact, address } = input;
        expect(read.body).toEqual(body);
        expect(read.facts).toMatchObject({
          reservationId: input.reservation.reservation_id,
          eventId: input.reservation.event_id,
          contact: { ...contact, phone },
          billingContact: { ...contact, phone },
          unit: unitOrEmpty(address.unit),
          bookingAddress: {
            unit: unitOrEmpty(address.unit),
            street: `${address.street_number} ${address.street}`,
            suburb: address.suburb,
            state: address.state,
            postcode: address.postcode,
          },
          address: {
            street: `${address.street_number} ${address.street}`,
            suburb: address.suburb,
            state: address.state,
            postcode: address.postcode,
          },
          buildingCode: address.uniqueCode,
          namedBuildingCode: address.uniqueCode,
          planId: input.planId,
          cardToken: input.cardToken,
          coupon: input.coupon,
          router: { name: extraInput.routerName, charge: Number(input.router.cost) },
          addOns: [...new Set(input.addOns)],
          staticIp: input.addOns.includes('static-ip'),
          newDevelopmentFee: input.addOns.includes('new-development-fee'),
          monthlyCost: extraInput.monthlyCost,
          speed: extraInput.speed,
          termsAgreed: true,
          marketing: extraInput.marketing,
          howDidYouHear: extraInput.howDidYouHear,
          promoCode: extraInput.promoCode,
          referralCode: extraInput.referralCode,
        });
        // Derived and ignored (009): the title and the echoed fields are not facts.
        expect(read.facts).not.toHaveProperty('title');
        expect(Object.keys(read.facts.extraFields).sort()).toEqual(
          extraFieldNames.filter((name) => !echoedExtraFields.includes(name)).sort(),
        );
        expect(Date.parse(read.facts.slot.start)).toBe(Date.parse(input.slot.start));
        expect(Date.parse(read.facts.slot.end)).toBe(Date.parse(input.slot.end));
      }),
      { numRuns: 200 },
    );
  });

  it('refuses a body of the wrong shape with every invalid field, the contact messages first-hand', () => {
    const read = readInstallBody({
      reservation_id: 'r-1',
      arrivy_booking: { customer_first_name: 'J', template_extra_fields: [] },
    });
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.refusal.code).toBe('invalid_input');
    expect(read.refusal.fields).toMatchObject({
      event_id: expect.any(String),
      charge_bee: expect.any(String),
      'arrivy_booking.customer_first_name': messages.nameTooShort,
      'arrivy_booking.template_extra_fields.I Agree to the Terms and Conditions':
        expect.any(String),
    });
    expect(read.refusal.message).toBe(Object.values(read.refusal.fields)[0]);
  });

  it('reads a missing router, an unstated monthly cost and no coupon as absent facts', () => {
    const sample = fc.sample(orderArb, { numRuns: 1, seed: 15 })[0]!;
    const body = buildInstallBody(sample.input);
    const fields = body.arrivy_booking.template_extra_fields.map((f) =>
      f.name === 'Router' || f.name === 'Monthly Cost' ? { ...f, value: '' } : f,
    );
    const read = readInstallBody({
      ...body,
      arrivy_booking: { ...body.arrivy_booking, template_extra_fields: fields },
      charge_bee: { ...body.charge_bee, coupon_id: null, coupon_type: null },
    });
    expect(read.ok && read.facts).toMatchObject({
      router: { name: null },
      monthlyCost: null,
      coupon: null,
    });
  });

  it("reads a third party's body: its own title or none, amounts with '$', the router charge as text", () => {
    const sample = fc.sample(orderArb, { numRuns: 1, seed: 28 })[0]!;
    const body = buildInstallBody({ ...sample.input, router: { cost: '10' } });
    const fields = body.arrivy_booking.template_extra_fields.map((f) =>
      f.name === 'Monthly Cost'
        ? { ...f, value: `$${f.value}` }
        : f.name === 'Source'
          ? { ...f, value: 'Partner portal' }
          : f,
    );
    const { title: _title, ...untitled } = body.arrivy_booking;
    for (const [booking, charge] of [
      [{ ...untitled, template_extra_fields: fields }, '$10.00'],
      [{ ...body.arrivy_booking, title: 'Install for Jane', template_extra_fields: fields }, '10'],
    ] as const) {
      const read = readInstallBody({
        ...body,
        arrivy_booking: booking,
        charge_bee: { ...body.charge_bee, router_charge: charge },
      });
      if (!read.ok) throw new Error(JSON.stringify(read.refusal));
      expect(read.facts.monthlyCost).toBe(sample.extraInput.monthlyCost);
      expect(read.facts.router.charge).toBe(10);
      expect(read.facts.extraFields).not.toHaveProperty('Source');
    }
  });
});

describe('readInstallBody: the Direct Debit Request box (docs/rules/documents-and-consent.md#direct-debit)', () => {
  it('reads direct_debit_agreed as the box ticked, and its absence as not', () => {
    const { input } = fc.sample(orderArb, 1)[0]!;
    const read = (directDebitAgreed: boolean) => {
      const result = readInstallBody(buildInstallBody({ ...input, directDebitAgreed }));
      if (!result.ok) throw new Error(JSON.stringify(result.refusal));
      return result.facts.directDebitAgreed;
    };
    expect(read(true)).toBe(true);
    expect(read(false)).toBe(false);
  });
});
