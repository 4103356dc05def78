import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  connectionDetailsSchema,
  contactSchema,
  firstIssues,
  howDidYouHearOptions,
  installationSchema,
  leadSchema,
  paymentAcceptancesSchema,
  unitSchema,
} from './validation.ts';
import { acmeRules, demoRules } from '../test-support/rules.ts';

// Messages are quoted from docs/rules/contact-and-connection.md here, not imported, so a changed
// message fails a test.

const validContact = {
  firstName: 'Jane',
  lastName: "O'Brien",
  email: 'jane@example.com',
  confirmEmail: 'jane@example.com',
  phone: '0412345678',
  howDidYouHearAboutUs: 'Word Of Mouth',
};

/** The messages of a contact form that differs from a valid one by `change`. */
function contactMessages(change: Record<string, unknown>) {
  return firstIssues(contactSchema.safeParse({ ...validContact, ...change }));
}

describe('contactSchema', () => {
  it('accepts a valid contact and trims names and email', () => {
    const result = contactSchema.safeParse({
      ...validContact,
      firstName: ' Jane ',
      email: ' jane@example.com ',
    });
    expect(result.success && result.data).toEqual(validContact);
  });

  it('gives one message per field, required first', () => {
    expect(firstIssues(contactSchema.safeParse({}))).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Invalid email',
      confirmEmail: 'Email confirmation is required',
      phone: 'Phone number is required',
      howDidYouHearAboutUs: 'Please let us know how you heard about us',
    });
  });

  describe.each([
    ['firstName', 'First name is required', 'invalid first name'],
    ['lastName', 'Last name is required', 'Invalid last name'],
  ])('%s', (field, required, invalid) => {
    it.each([
      ['', required],
      ['   ', required],
      [undefined, required],
      ['J', 'should contain at least two letters'],
      // Length is checked before the pattern.
      ['1', 'should contain at least two letters'],
      ['A'.repeat(27), 'should not be longer than 26 letters'],
      ['1'.repeat(27), 'should not be longer than 26 letters'],
      ['J0hn', invalid],
      ['Mary  Ann', invalid],
      ['Mary-Ann', invalid],
      ['Jo.', invalid],
      ["''", invalid],
    ])('%j -> %j', (value, message) => {
      expect(contactMessages({ [field]: value })).toEqual({ [field]: message });
    });

    it.each(['Jo', 'A'.repeat(26), "O'Brien", 'O\u2019Brien', 'Mary Ann', 'Zoë', "d'Arcy Lee"])(
      'accepts %j',
      (value) => {
        expect(contactMessages({ [field]: value })).toEqual({});
      },
    );
  });

  const phoneMessage = 'Please enter your mobile number as 04123456789 or +61412345678';
  it.each([
    ['', 'Phone number is required'],
    [' ', 'Phone number is required'],
    ['041234567', phoneMessage],
    // The message's own example has 9 digits after 04; the rule says 8.
    ['04123456789', phoneMessage],
    ['0312345678', phoneMessage],
    ['61412345678', phoneMessage],
    ['+61312345678', phoneMessage],
    ['+610412345678', phoneMessage],
    ['+6141234567', phoneMessage],
    ['04-1234-5678', phoneMessage],
  ])('phone %j -> %j', (phone, message) => {
    expect(contactMessages({ phone })).toEqual({ phone: message });
  });

  it.each(['0412345678', '+61412345678', '0412 345 678', '+61 412 345 678'])(
    'accepts phone %j',
    (phone) => {
      expect(contactMessages({ phone })).toEqual({});
    },
  );

  const longEmail = `${'a'.repeat(309)}@example.com`;
  const emailMessage = 'Please enter correct email address e.g. name@example.com';
  it.each([
    ['', '', { email: 'Invalid email', confirmEmail: 'Email confirmation is required' }],
    ['   ', '   ', { email: 'Invalid email', confirmEmail: 'Email confirmation is required' }],
    [longEmail, longEmail, { email: 'Email length is limited to 320 symbols' }],
    // Length is checked before the pattern.
    ['a'.repeat(321), 'a'.repeat(321), { email: 'Email length is limited to 320 symbols' }],
    ['name@example', 'name@example', { email: emailMessage }],
    ['name.example.com', 'name.example.com', { email: emailMessage }],
    ['name@@example.com', 'name@@example.com', { email: emailMessage }],
  ])('email %j, confirmed %j -> %j', (email, confirmEmail, messages) => {
    expect(contactMessages({ email, confirmEmail })).toEqual(messages);
  });

  it('accepts an email of exactly 320 characters', () => {
    const email = `${'a'.repeat(308)}@example.com`;
    expect(email).toHaveLength(320);
    expect(contactMessages({ email, confirmEmail: email })).toEqual({});
  });

  it.each([
    ['', 'Email confirmation is required'],
    ['other@example.com', 'Email confirmation must match email'],
    // Compared exactly: the confirmation is a second typing of the same text.
    ['Jane@example.com', 'Email confirmation must match email'],
  ])('confirm email %j -> %j', (confirmEmail, message) => {
    expect(contactMessages({ confirmEmail })).toEqual({ confirmEmail: message });
  });

  it('shows a mismatch together with the other fields’ messages', () => {
    expect(contactMessages({ confirmEmail: 'other@example.com', phone: '' })).toEqual({
      phone: 'Phone number is required',
      confirmEmail: 'Email confirmation must match email',
    });
  });

  it('does not compare when the email is missing', () => {
    expect(contactMessages({ email: undefined })).toEqual({ email: 'Invalid email' });
  });

  it('lists the How did you hear options in the order of docs/rules/contact-and-connection.md', () => {
    expect(howDidYouHearOptions).toEqual([
      'Search Engine',
      'Google Ads',
      'Social Media',
      'Digital Advertising',
      'Word Of Mouth',
      'Building Manager',
      'In Building Marketing Material',
      'Referral',
      'Sponsorship',
      'Other',
    ]);
  });

  it.each(howDidYouHearOptions)('accepts How did you hear %j', (howDidYouHearAboutUs) => {
    expect(contactMessages({ howDidYouHearAboutUs })).toEqual({});
  });

  it.each(['', 'Facebook', 'other', undefined])('How did you hear %j is refused', (value) => {
    expect(contactMessages({ howDidYouHearAboutUs: value })).toEqual({
      howDidYouHearAboutUs: 'Please let us know how you heard about us',
    });
  });
});

describe('unitSchema', () => {
  it.each([
    ['', 'unit is required'],
    ['  ', 'unit is required'],
    ['0', 'unit is required'],
    [undefined, 'unit is required'],
    ['12345678901', 'unit number cannot be longer than 10 symbols'],
    // Length is checked before the pattern.
    ['ABCDEFGHIJK', 'unit number cannot be longer than 10 symbols'],
    ['A', 'unit number must be numerical'],
    ['5-1', 'unit number must be numerical'],
    ['5 A', 'unit number must be numerical'],
  ])('multi-dwelling unit %j -> %j', (unit, message) => {
    expect(firstIssues(connectionDetailsSchema(true).safeParse({ unit }))).toEqual({
      unit: message,
    });
  });

  it.each(['5', '12A', 'G01', '1234567890', ' 7 '])(
    'multi-dwelling unit %j is accepted',
    (unit) => {
      expect(unitSchema(true).safeParse(unit)).toEqual({ success: true, data: unit.trim() });
    },
  );

  it.each(['', '0', 'A', 'Rear of building 12'])(
    'any unit %j is accepted for a building that is not multi-dwelling',
    (unit) => {
      expect(unitSchema(false).safeParse(unit).success).toBe(true);
    },
  );
});

describe('installationSchema', () => {
  it.each([
    [{}, { date: 'Please select an installation date' }],
    [{ date: '', bookingId: 'b-1' }, { date: 'Please select an installation date' }],
    [{ date: null, bookingId: null }, { date: 'Please select an installation date' }],
    [{ date: '2026-03-02' }, { bookingId: 'Please select an installation time.' }],
    [{ date: '2026-03-02', bookingId: '' }, { bookingId: 'Please select an installation time.' }],
    [{ date: '2026-03-02', bookingId: 'b-1' }, {}],
  ])('%j -> %j', (choice, messages) => {
    expect(firstIssues(installationSchema.safeParse(choice))).toEqual(messages);
  });
});

describe('paymentAcceptancesSchema', () => {
  const terms =
    'Please confirm that you have read and agree to the terms and conditions of your plan.';
  const charge = 'Please agree to the New Development Charge of $300';

  it.each([
    [79, false, {}, { monthlyCharge: 'Please agree to a monthly charge of $79', terms }],
    [
      88.5,
      true,
      {},
      {
        monthlyCharge: 'Please agree to a monthly charge of $88.50',
        terms,
        newDevelopmentCharge: charge,
      },
    ],
    [
      79,
      false,
      { monthlyCharge: false, terms: true },
      { monthlyCharge: 'Please agree to a monthly charge of $79' },
    ],
    [79, false, { monthlyCharge: true, terms: false }, { terms }],
    [
      79,
      true,
      { monthlyCharge: true, terms: true, newDevelopmentCharge: false },
      { newDevelopmentCharge: charge },
    ],
    [79, true, { monthlyCharge: true, terms: true, newDevelopmentCharge: true }, {}],
    [79, false, { monthlyCharge: true, terms: true }, {}],
    [79, false, { monthlyCharge: true, terms: true, newDevelopmentCharge: false }, {}],
  ])('$%s greenfield %s: %j -> %j', (monthlyCharge, greenfield, ticked, messages) => {
    const schema = paymentAcceptancesSchema({ monthlyCharge, greenfield }, demoRules);
    expect(firstIssues(schema.safeParse(ticked))).toEqual(messages);
  });

  it("asks to agree to another provider's new development charge", () => {
    const schema = paymentAcceptancesSchema({ monthlyCharge: 79, greenfield: true }, acmeRules);
    expect(firstIssues(schema.safeParse({ monthlyCharge: true, terms: true }))).toEqual({
      newDevelopmentCharge: 'Please agree to the New Development Charge of $450',
    });
  });

  it('makes marketing optional, unticked by default', () => {
    const schema = paymentAcceptancesSchema({ monthlyCharge: 79, greenfield: false }, demoRules);
    expect(schema.parse({ monthlyCharge: true, terms: true })).toEqual({
      monthlyCharge: true,
      terms: true,
      marketing: false,
    });
    expect(schema.parse({ monthlyCharge: true, terms: true, marketing: true }).marketing).toBe(
      true,
    );
  });
});

describe('firstIssues', () => {
  const nested = z.object({ a: z.object({ b: z.string().min(2, 'first').regex(/x/, 'second') }) });

  it.each([
    [{ a: { b: 'x' } }, { 'a.b': 'first' }],
    [{ a: { b: 'xx' } }, {}],
    [null, { '': 'Invalid input: expected object, received null' }],
  ])('%j -> %j', (value, fields) => {
    expect(firstIssues(nested.safeParse(value))).toEqual(fields);
  });

  it('keeps the first message when a field has several', () => {
    expect(firstIssues(nested.safeParse({ a: { b: 'y' } }))).toEqual({ 'a.b': 'first' });
  });
});

describe('leadSchema: the lead form of an unserved address', () => {
  const lead = {
    firstName: 'Jane',
    lastName: 'Citizen',
    email: 'jane@example.com',
    formatted_address: '10 Smith Street, Darwin City NT 0800',
  };

  it('accepts a lead without a mobile, and treats an empty mobile as none', () => {
    expect(leadSchema.safeParse(lead).success).toBe(true);
    const parsed = leadSchema.parse({ ...lead, phone: '' });
    expect(parsed.phone).toBeUndefined();
  });

  it.each([
    [{ firstName: '' }, 'firstName', 'First name is required'],
    [{ lastName: 'X' }, 'lastName', 'should contain at least two letters'],
    [{ email: '' }, 'email', 'Invalid email'],
    [{ email: 'nope' }, 'email', 'Please enter correct email address e.g. name@example.com'],
    [{ phone: '12345' }, 'phone', 'Please enter your mobile number as 04123456789 or +61412345678'],
    [{ formatted_address: ' ' }, 'formatted_address', 'An address is required'],
  ])('rejects %j with its message', (change, field, message) => {
    const result = leadSchema.safeParse({ ...lead, ...change });
    expect(firstIssues(result)[field]).toBe(message);
  });
});
