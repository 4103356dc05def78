import { bankAccountTokenBody, cardTokenBody } from '@fibre/domain/api';
import { bankAccountSchema, chargeBeeSchema } from '@fibre/domain/install';
import { describe, expect, it } from 'vitest';
import { personalFields } from './rollbar-reporter.ts';

// docs/rules/outside-parts.md: what the wizard sends about a person or their payment is scrubbed.
describe('the fields Rollbar scrubs', () => {
  it('name every field of the card and bank account vaults’ bodies', () => {
    const fields = [
      ...Object.keys(cardTokenBody.shape),
      ...Object.keys(bankAccountTokenBody.shape),
      ...Object.keys(bankAccountSchema.in.shape),
    ];
    expect(personalFields).toEqual(expect.arrayContaining(fields));
  });

  it('name every field of the install body that is about the person or pays', () => {
    const notPersonal = [
      'start_date',
      'state',
      'plan_id',
      'direct_debit_agreed',
      'coupon_id',
      'coupon_type',
      'service_id',
      'router_charge',
      'add_ons',
      // The card's scheme and its fee are prices, not the person's.
      'card_scheme',
      'card_fee',
    ];
    const personal = Object.keys(chargeBeeSchema.shape).filter((k) => !notPersonal.includes(k));
    expect(personal.length).toBeGreaterThan(5);
    expect(personalFields).toEqual(expect.arrayContaining(personal));
  });
});
