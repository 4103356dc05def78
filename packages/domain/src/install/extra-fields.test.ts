import { describe, expect, it } from 'vitest';
import {
  buildExtraFields,
  templateExtraFieldsSchema,
  toTemplateExtraFields,
} from './extra-fields.ts';
import type { ExtraFieldsInput } from './extra-fields.ts';
import { acmeRules, demoRules } from '../test-support/rules.ts';

const input: ExtraFieldsInput = {
  buildingCode: 'G4D5E6',
  termsAgreed: true,
  marketing: false,
  rsp: 'demo',
  speed: 1000,
  howDidYouHear: 'Word Of Mouth',
  promoCode: 'SUMMER20',
  referralCode: null,
  routerName: 'Wi-Fi 6 router',
  monthlyCost: 103.5,
  addOns: ['static-ip', 'new-development-fee'],
};

describe('docs/rules/orders.md: Extra named fields', () => {
  it('are filled from the order', () => {
    expect(buildExtraFields(input, demoRules)).toEqual({
      'Building Code': 'G4D5E6',
      'I Agree to the Terms and Conditions': 'YES',
      'Marketing Emails': 'NO',
      'Contract Term': 'Month-Month',
      RSP: 'demo',
      'Service Type': 'Residential',
      Source: 'Website',
      Speed: '1000',
      'How Did You Hear About Us?': 'Word Of Mouth',
      'Promo Code': 'SUMMER20',
      'Referral Code': '',
      Router: 'Wi-Fi 6 router',
      'Monthly Cost': '103.50',
      'New Activation Charge': '300',
      'Add-On': 'Static IP',
    });
  });

  it.each([
    [true, false, 'YES', 'NO'],
    [false, true, 'NO', 'YES'],
  ])('terms %s and marketing %s read %s / %s', (termsAgreed, marketing, terms, emails) => {
    const fields = buildExtraFields({ ...input, termsAgreed, marketing }, demoRules);
    expect(fields['I Agree to the Terms and Conditions']).toBe(terms);
    expect(fields['Marketing Emails']).toBe(emails);
  });

  it("New Activation Charge is another provider's charge under its rules", () => {
    expect(buildExtraFields(input, acmeRules)['New Activation Charge']).toBe('450');
  });

  it('without add-ons or codes those fields are empty', () => {
    const { promoCode: _p, referralCode: _r, ...rest } = input;
    const fields = buildExtraFields({ ...rest, addOns: [], monthlyCost: 79 }, demoRules);
    expect(fields).toMatchObject({
      'Promo Code': '',
      'Referral Code': '',
      'New Activation Charge': '',
      'Add-On': '',
      'Monthly Cost': '79',
    });
  });

  it('become template_extra_fields in the order docs/rules/orders.md lists them', () => {
    const fields = buildExtraFields({ ...input, referralCode: 'FRIEND2024' }, demoRules);
    const list = toTemplateExtraFields(fields);
    expect(list.map((entry) => entry.name)).toEqual([
      'Building Code',
      'I Agree to the Terms and Conditions',
      'Marketing Emails',
      'Contract Term',
      'RSP',
      'Service Type',
      'Source',
      'Speed',
      'How Did You Hear About Us?',
      'Promo Code',
      'Referral Code',
      'Router',
      'Monthly Cost',
      'New Activation Charge',
      'Add-On',
    ]);
    expect(list.find((entry) => entry.name === 'Referral Code')?.value).toBe('FRIEND2024');
  });
});

describe('each extra field value is short and fits its kind (docs/decisions/009-install-facts.md)', () => {
  const valid = toTemplateExtraFields(buildExtraFields(input, demoRules));
  const withValue = (name: string, value: string) =>
    valid.map((f) => (f.name === name ? { ...f, value } : f));

  it("takes the wizard's own fields", () => {
    expect(templateExtraFieldsSchema.safeParse(valid).success).toBe(true);
  });

  it.each([
    ['Monthly Cost', '$89.50'],
    ['New Activation Charge', '$0'],
    ['New Activation Charge', '0.00'],
    ['New Activation Charge', '$300'],
    ['RSP', 'Demo Fibre'],
    ['Source', 'Partner portal'],
    ['Contract Term', 'No lock-in'],
  ])('takes %s = %s, an amount or an echo written another way', (name, value) => {
    expect(templateExtraFieldsSchema.safeParse(withValue(name, value)).success).toBe(true);
  });

  it.each([
    ['Speed', '<script>', 'must be a number of Mbps'],
    ['Monthly Cost', '$', 'must be an amount in dollars'],
    ['Monthly Cost', '-89', 'must be an amount in dollars'],
    ['New Activation Charge', '$ 0', 'must be an amount in dollars'],
    ['New Activation Charge', '0,00', 'must be an amount in dollars'],
    ['RSP', '<b>demo</b>', 'must be a provider code or a few words'],
    ['Promo Code', '<script>', 'must be letters, digits, - or _'],
    ['Router', 'x'.repeat(65), 'must be a few words'],
    ['Marketing Emails', 'maybe', 'must be YES or NO'],
    ['Source', 'Web\u0000site', 'must not contain control characters'],
  ])('refuses %s = %s, naming the field', (name, value, message) => {
    const result = templateExtraFieldsSchema.safeParse(withValue(name, value));
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      [name, message],
    ]);
  });

  it('refuses a field named twice', () => {
    const result = templateExtraFieldsSchema.safeParse([...valid, valid[0]!]);
    expect(result.success).toBe(false);
  });
});
