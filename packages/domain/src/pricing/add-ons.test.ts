import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addAddOn, isAddOn, removeAddOn } from './add-ons.ts';
import {
  extraFieldsWithAddOn,
  extraFieldsWithoutAddOn,
  orderWithAddOn,
  orderWithoutAddOn,
} from './add-on-fields.ts';
import { buildExtraFields } from '../install/extra-fields.ts';
import { acmeRules, demoRules } from '../test-support/rules.ts';
import type { AddOn } from './add-ons.ts';

const fields = buildExtraFields(
  {
    buildingCode: 'G1A2B3',
    termsAgreed: true,
    marketing: false,
    rsp: 'demo',
    speed: 100,
    howDidYouHear: 'Referral',
    routerName: 'Wi-Fi 6 router',
    monthlyCost: 94,
    addOns: [],
  },
  demoRules,
);

const addOn = fc.constantFrom<AddOn>('static-ip', 'new-development-fee');

describe('docs/rules/plans-and-pricing.md: Adding an add-on is idempotent; removing is allowed', () => {
  it.each([
    [[], 'static-ip', ['static-ip']],
    [['static-ip'], 'static-ip', ['static-ip']],
    [['static-ip'], 'new-development-fee', ['static-ip', 'new-development-fee']],
  ] as const)('%j + %s -> %j', (list, code, expected) => {
    expect(addAddOn(list, code)).toEqual(expected);
  });

  it.each([
    [['static-ip', 'new-development-fee'], 'static-ip', ['new-development-fee']],
    [['new-development-fee'], 'static-ip', ['new-development-fee']],
  ] as const)('%j - %s -> %j', (list, code, expected) => {
    expect(removeAddOn(list, code)).toEqual(expected);
  });

  it('adding twice equals adding once, and removing takes it out', () => {
    fc.assert(
      fc.property(fc.subarray<AddOn>(['static-ip', 'new-development-fee']), addOn, (list, code) => {
        const once = orderWithAddOn({ addOns: [...list], extraFields: fields }, code, demoRules);
        expect(orderWithAddOn(once, code, demoRules)).toEqual(once);
        expect(orderWithoutAddOn(once, code).addOns).not.toContain(code);
      }),
    );
  });

  it.each([
    ['static-ip', true],
    ['new-development-fee', true],
    ['router', false],
  ])('%s is an add-on code: %s', (code, known) => expect(isAddOn(code)).toBe(known));
});

describe('docs/rules/plans-and-pricing.md: add-ons and the extra named fields', () => {
  it("'new-development-fee' sets New Activation Charge to the catalogue's charge", () => {
    const charge = (rules: typeof demoRules) =>
      extraFieldsWithAddOn(fields, 'new-development-fee', rules)['New Activation Charge'];
    expect(charge(demoRules)).toBe('300');
    expect(charge(acmeRules)).toBe('450');
    expect(charge({ ...acmeRules, newDevelopmentCharge: 299.5 })).toBe('299.50');
  });

  it("'static-ip' sets Add-On to Static IP; removing static-ip clears it", () => {
    const withIp = orderWithAddOn({ addOns: [], extraFields: fields }, 'static-ip', demoRules);
    expect(withIp.extraFields['Add-On']).toBe('Static IP');
    expect(orderWithoutAddOn(withIp, 'static-ip').extraFields['Add-On']).toBe('');
  });

  it('removing the new-development fee clears its charge too', () => {
    const withFee = extraFieldsWithAddOn(fields, 'new-development-fee', demoRules);
    expect(extraFieldsWithoutAddOn(withFee, 'new-development-fee')['New Activation Charge']).toBe(
      '',
    );
  });

  it('each add-on touches only its own field', () => {
    const withIp = extraFieldsWithAddOn(fields, 'static-ip', demoRules);
    expect(withIp['New Activation Charge']).toBe('');
    expect(extraFieldsWithoutAddOn(withIp, 'new-development-fee')['Add-On']).toBe('Static IP');
  });
});
