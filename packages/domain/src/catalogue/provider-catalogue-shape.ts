/**
 * The provider's catalogue as data: the shape of the provider file (catalogue/demo.yaml is the
 * demo provider's; docs/catalogue.md describes every key). Keys are the file's own, so an error can
 * name the field as the file spells it. The schema (provider-catalogue-schema.ts), the rules between
 * fields (provider-catalogue-rules.ts) and the reader (provider-catalogue.ts) live beside this.
 */

export const AU_STATES = ['NSW', 'VIC', 'QLD', 'SA', 'WA', 'TAS', 'NT', 'ACT'] as const;
export type AuState = (typeof AU_STATES)[number];

export const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export interface LinkSpec {
  label: string;
  href: string;
}

export interface ProviderSpec {
  /** The {provider} path segment and every plan's and router's rsp: [a-z0-9-]{1,32}. */
  code: string;
  name: string;
  /** #rrggbb */
  colour: string;
  support_phone: string;
  support_email: string;
  links: { billing_portal: string; navigation: LinkSpec[]; social: LinkSpec[] };
}

export interface PlanSpec {
  id: string;
  name: string;
  /** Mbps, the tier's name speed. */
  speed: number;
  /** Mbps, the typical busy-hour (7 pm to 11 pm) speed; at most `speed`. */
  busy_hour_speed: number;
  /** Dollars a month, at most two decimals. */
  monthly: number;
  description: string;
  lit: boolean;
  non_lit: boolean;
  /** The plan's Critical Information Summary (https URL). */
  cis_url: string;
}

export interface RouterSpec {
  id: string;
  name: string;
  /** Dollars a month; 0 is bring-your-own. */
  monthly: number;
  description: string;
  period: string;
}

export interface BuildingSpec {
  code: string;
  address: {
    street_number: string;
    street: string;
    suburb: string;
    state: AuState;
    /** Four digits. */
    postcode: string;
  };
  status: string;
  class: string;
  category: string;
  type: string;
  /** Code of the building that answers for this one (a slave building's master). */
  master?: string;
  /** Id of a campaign in `campaigns`. */
  campaign?: string;
  units?: string[];
}

export const COUPON_TYPES = { coupon: 1, referral: 2, move_in: 3, sales: 4 } as const;
export type CouponTypeName = keyof typeof COUPON_TYPES;

export interface CouponSpec {
  /** Upper case letters and digits. */
  code: string;
  type: CouponTypeName;
  months: number;
  /** Exactly one of percent and dollars. */
  percent?: number;
  dollars?: number;
  plans?: string[];
  postcode?: string;
  suburb?: string;
}

export interface CampaignSpec {
  id: string;
  name: string;
  terms: string;
  /** A code in `coupons`. */
  coupon: string;
  months_free: number;
  /** YYYY-MM-DD */
  starts: string;
  /** YYYY-MM-DD, after starts */
  ends: string;
}

export interface CrewSpec {
  days: Weekday[];
  /** 'HH:MM-HH:MM' local time */
  shift: string;
  window_minutes: number;
  /** Crews working each window. */
  capacity: number;
}

export interface HolidaySpec {
  /** YYYY-MM-DD */
  date: string;
  name: string;
  states: 'all' | AuState[];
}

export interface CrewDayOffSpec {
  state: AuState;
  /** YYYY-MM-DD */
  date: string;
  /** How many of the state's crews are off (default 1). */
  crews?: number;
}

export interface ProviderCatalogue {
  provider: ProviderSpec;
  plans: PlanSpec[];
  default_plan: string;
  popular_plans: string[];
  hidden_plan_id_parts: string[];
  routers: RouterSpec[];
  add_ons: { static_ip: { monthly: number } };
  fees: { new_development: number; card_surcharge_percent: number };
  rejected_coupon_codes: string[];
  buildings: BuildingSpec[];
  coupons: CouponSpec[];
  campaigns: CampaignSpec[];
  crews: Partial<Record<AuState, CrewSpec>>;
  closures: { holidays: HolidaySpec[]; crew_days_off: CrewDayOffSpec[] };
}
