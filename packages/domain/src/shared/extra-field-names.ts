/**
 * The extra named fields the booking carries (docs/rules/orders.md): pricing's add-ons write two
 * of them and the install body (install/extra-fields.ts) all of them.
 */

/** Arrivy-style named text field. */
export interface ExtraFieldEntry {
  name: ExtraFieldName;
  value: string;
}

export const extraFieldNames = [
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
] as const;

export type ExtraFieldName = (typeof extraFieldNames)[number];
export type ExtraFields = Record<ExtraFieldName, string>;
