/** The things the rules talk about (docs/rules/README.md). */

// The answers of the API (Plan, Router, Campaign, Coupon, BookingSlot, Reservation) are declared
// once, by their schemas, in api/: import them from there.

export type BuildingCategory = 'greenfield' | 'brownfield' | (string & {});

export interface Address {
  formatted_address: string;
  street_number: string;
  street: string;
  suburb: string;
  state: string;
  postcode: string;
  /** '' or '0' count as absent (see hasUnit). */
  unit: string;
  uniqueCode: string;
  status: string;
  buildingCategory: BuildingCategory;
  buildingClass: string;
  buildingType: string;
  buildingTypeExtra?: string;
  mdu: boolean;
  commercial: boolean;
  mixed: boolean;
  greenfield: boolean;
}

export interface Discount {
  period: number;
  period_unit: string;
  starting_period: number;
  /** dollars (converted from cents) */
  dollar_amount: number | null;
  percentage: number | null;
  in_words: string;
  terms: string;
}

export type AddOn = 'static-ip' | 'new-development-fee';

export interface RouterChoice {
  /** the router id; 'byo' style routers have cost '0' */
  mode: string;
  cost: string;
}

export interface ContactValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  howDidYouHearAboutUs: string;
}

export interface SchedulingRecord {
  customer_first_name: string;
  customer_last_name: string;
  customer_email: string;
  customer_mobile_number: string;
  customer_address_line_1: string;
  customer_address_line_2: string;
  customer_city: string;
  customer_state: string;
  customer_zipcode: string;
  customer_country: 'Australia';
  title: string;
  template_extra_fields: ExtraFieldEntry[];
}

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

export interface SubmissionResult {
  success: boolean;
  err: string | null;
}
