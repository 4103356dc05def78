import type { Generated } from 'kysely';

export interface CatalogueTables {
  buildings: {
    id: string;
    code: string;
    formatted_address: string;
    street_number: string;
    street: string;
    suburb: string;
    state: string;
    postcode: string;
    status: string;
    building_class: string;
    building_category: string;
    building_type: string;
    is_slave: Generated<boolean>;
    master_building_id: string | null;
    /** Migration 008: known unit numbers, the building's campaign, and when the file dropped it. */
    units: Generated<string[]>;
    campaign_id: Generated<string | null>;
    retired_at: Generated<Date | null>;
  };
  plans: {
    id: string;
    rsp: string;
    name: string;
    speed: number;
    cost_cents: number;
    description1: string;
    address_lit: boolean;
    address_non_lit: boolean;
    busy_hour_speed: number;
    cis_url: Generated<string>;
    retired_at: Generated<Date | null>;
  };
  routers: {
    id: string;
    rsp: string;
    name: string;
    cost_cents: number;
    description1: string;
    description2: string;
    retired_at: Generated<Date | null>;
  };
  campaigns: {
    id: string;
    rsp: string;
    name: string;
    terms: string;
    coupon_code: string;
    months_free: number;
    /** Calendar days 'YYYY-MM-DD' (db/database.ts reads dates as text), both included. */
    starts: string;
    ends: string;
    retired_at: Generated<Date | null>;
  };
  coupons: {
    coupon_id: string;
    rsp: string;
    coupon_type: number;
    period: number;
    period_unit: Generated<string>;
    dollar_amount: number | null;
    percentage: number | null;
    plan_ids: Generated<string[]>;
    only_postcode: string | null;
    only_suburb: string | null;
    retired_at: Generated<Date | null>;
  };
  leads: {
    id: string;
    first_name: string;
    last_name: string;
    email: string;
    phone: string | null;
    formatted_address: string;
    message: string | null;
    created_at: Date;
    /** Migration 012: when an operator marked the lead contacted, and their email; null until then. */
    contacted_at: Generated<Date | null>;
    contacted_by: Generated<string | null>;
    /** The last event's sequence number (026, docs/rules/webhooks.md); 0 before any. */
    event_sequence: Generated<number>;
    /** Migration 027: stamped by a trigger on every write, for the change lists. */
    updated_at: Generated<Date>;
    change_xid: Generated<string>;
  };
  /**
   * Migration 039: a lead erased (docs/rules/personal-data-requests.md#erase), its id and dates
   * only, so the change list lists it as erased; stamped by the same trigger as the leads.
   */
  erased_leads: {
    id: string;
    created_at: Date;
    erased_at: Date;
    updated_at: Generated<Date>;
    change_xid: Generated<string>;
  };
  /** One row per distinct lead: the newest lead stored with that fingerprint. */
  lead_fingerprints: {
    fingerprint: string;
    lead_id: string;
    created_at: Date;
  };
  card_tokens: {
    token: string;
    brand: string;
    last4: string;
    expiry_month: number;
    expiry_year: number;
    outcome: 'approve' | 'insufficient_funds';
    created_at: Date;
  };
  /** Migration 029: the test-mode vault's bank accounts, for direct debit. */
  bank_account_tokens: {
    token: string;
    /** Six digits. */
    bsb: string;
    /** The account number's last three digits. */
    last_digits: string;
    outcome: 'approve' | 'dishonour';
    created_at: Date;
  };
}
