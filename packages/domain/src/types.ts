/** The things the rules talk about (docs/rules/README.md). */

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

export interface Plan {
  id: string;
  name: string;
  /** Mbps */
  speed: number;
  /** A number, as a string: '79' or '79.00'. */
  cost: string;
  description1: string;
  rsp: string;
  addressLIT: boolean;
  addressNonLIT: boolean;
  /** Mbps: the typical busy-hour (7 pm to 11 pm) speed the provider advertises. */
  busyHourSpeed: number;
  /** The plan's Critical Information Summary. */
  cisUrl: string;
}

export interface Router {
  id: string;
  name: string;
  /** '0' means the customer brings their own. */
  cost: string;
  description1: string;
  description2: string;
  rsp: string;
}

export interface Campaign {
  id: string;
  name: string;
  rsp: string;
  /** ISO date-time */
  startDate: string;
  /** ISO date-time */
  endDate: string;
  terms: string;
  couponCode: string;
  monthsFree: number;
  referral: boolean;
  moveIn: boolean;
}

/** Coupon types: 1 coupon code, 2 referral code, 3 move-in coupon, 4 sales commission. */
export type CouponType = 1 | 2 | 3 | 4;

export interface Coupon {
  coupon_id: string;
  coupon_type: CouponType;
  period: number;
  period_unit: string;
  /** cents */
  dollar_amount: number | null;
  percentage: number | null;
  plan_ids: string[];
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

export interface BookingSlot {
  id: string;
  booking_id: string;
  event_id: string;
  /** ISO date-time with offset */
  start: string;
  end: string;
  start_datetime_original_iso_str: string;
  end_datetime_original_iso_str: string;
}

export interface Reservation {
  reservation_id: string;
  event_id: string;
  /** ISO date-time */
  expires_at: string;
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
