import { describe, expect, it } from 'vitest';
import { leadFromHubSpot } from './hubspot-lead.ts';

const address = '10 Smith Street, Darwin City NT 0800';
const person = { firstname: ' Jane ', lastname: 'Citizen', email: 'jane@example.com' };

describe('our own lead from the values entered in HubSpot’s form', () => {
  it.each([
    [
      'names, email and the checked address',
      person,
      { firstName: 'Jane', lastName: 'Citizen', email: 'jane@example.com' },
    ],
    ['a mobile our rules accept', { ...person, phone: '0412 345 678' }, { phone: '0412 345 678' }],
    ['a +61 mobile', { ...person, phone: '+61412345678' }, { phone: '+61412345678' }],
    [
      'HubSpot’s mobile phone field',
      { ...person, mobilephone: '0412345678' },
      { phone: '0412345678' },
    ],
    [
      'a phone our rules refuse, kept in the message',
      { ...person, phone: '(08) 8999 0000' },
      { message: 'Phone as entered in the HubSpot form: (08) 8999 0000' },
    ],
  ])('%s', (_, values, expected) => {
    const lead = leadFromHubSpot(values, address);
    expect(lead).toMatchObject({ ...expected, formatted_address: address });
  });

  it('leaves out a phone that was not given, and fields the lead has no place for', () => {
    const lead = leadFromHubSpot(
      { ...person, phone: '  ', company: 'Acme', address: 'x' },
      address,
    );
    expect(lead).toEqual({
      firstName: 'Jane',
      lastName: 'Citizen',
      email: 'jane@example.com',
      formatted_address: address,
    });
  });

  it('takes the address we checked, not what the HubSpot form’s address field holds', () => {
    expect(leadFromHubSpot({ ...person, address: 'elsewhere' }, address).formatted_address).toBe(
      address,
    );
  });
});
