import type { ColumnType, Generated, JSONColumnType } from 'kysely';

export interface OrderTables {
  orders: {
    id: string;
    reservation_id: string;
    building_code: string;
    plan_id: string;
    router_id: string;
    add_ons: string[];
    coupon_id: string | null;
    monthly_cents: number;
    activation_cents: number;
    card_fee_cents: number;
    email: string;
    contact: JSONColumnType<Record<string, unknown>>;
    /** 'cancelled' by an operator only (migration 011). */
    status: 'pending' | 'confirmed' | 'needs_attention' | 'cancelled';
    created_at: Date;
    /** Migration 027: stamped by a trigger on every write, for the change lists. */
    updated_at: Generated<Date>;
    change_xid: Generated<string>;
    /** Set for orders billed or scheduled by an external service (migration 005). */
    billing_customer_ref: Generated<string | null>;
    billing_subscription_ref: Generated<string | null>;
    task_ref: Generated<string | null>;
    attention_reason: Generated<string | null>;
    lease_until: Generated<Date | null>;
    /**
     * What the install read from the body (InstallBodyFacts), for a retry (migration 011); null
     * for orders placed before it.
     */
    install_facts: ColumnType<
      Record<string, unknown> | null,
      string | null | undefined,
      string | null
    >;
    /**
     * The acceptance record (AcceptanceRecord, docs/rules/documents-and-consent.md) (migration
     * 021); null for orders placed before it.
     */
    acceptance: ColumnType<
      Record<string, unknown> | null,
      string | null | undefined,
      string | null
    >;
    /** The client address the order was placed from, until retention clears it (021). */
    client_address: ColumnType<string | null, string | null | undefined, string | null>;
    /** When it was cancelled (022); null for orders cancelled before it, and live ones. */
    cancelled_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
    /**
     * When the retention sweep cleared its personal fields (022, docs/rules/retention.md); null
     * until then.
     */
    anonymised_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
    /**
     * The short reference, 'K7QD-9XWM', unique (migrations 023 to 025,
     * docs/decisions/025-order-reference.md); null only for an order an older instance wrote.
     */
    reference: ColumnType<string | null, string | null | undefined, string | null>;
    /** The last event's sequence number (026, docs/rules/webhooks.md); 0 before any. */
    event_sequence: Generated<number>;
    /**
     * Where the service is after installation (026, docs/rules/orders.md#service-status): null
     * until a manager or a key sets installed, active or cancelled.
     */
    service_status: Generated<'installed' | 'active' | 'cancelled' | null>;
    service_note: Generated<string | null>;
    service_changed_at: Generated<Date | null>;
    /**
     * The unit's key (domain unitKey) and whether the order was placed for a unit that already had
     * an active order (030, docs/rules/contact-and-connection.md#the-buildings-units); null and
     * false for orders placed before.
     */
    unit_key: ColumnType<string | null, string | null | undefined, string | null>;
    move_in: Generated<boolean>;
    /**
     * The card's scheme (domain CardScheme) as the server found it, and the card fee on the first
     * payment (034, docs/rules/plans-and-pricing.md#card-fees); card_fee_cents is the fee on each
     * monthly charge. Null for direct debit and for orders placed before, whose one fee
     * (card_fee_cents) was on every card payment.
     */
    card_scheme: ColumnType<string | null, string | null | undefined, string | null>;
    first_payment_fee_cents: ColumnType<number | null, number | null | undefined, number | null>;
    /**
     * What the order was sold (040, docs/rules/orders.md#what-an-order-was-sold: catalogue/sold.ts
     * writes and reads it); null for orders placed before.
     */
    sold: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  };
  billing_customers: {
    id: string;
    order_id: string;
    first_name: string;
    last_name: string;
    email: string;
    card_token: string;
    created_at: Date;
  };
  billing_subscriptions: {
    id: string;
    customer_id: string;
    order_id: string;
    plan_id: string;
    router_id: string;
    add_ons: string[];
    coupon_id: string | null;
    monthly_cents: number;
    start_date: Date;
    created_at: Date;
    /** When its order was cancelled (migration 011). */
    cancelled_at: Generated<Date | null>;
  };
  bookings: {
    id: string;
    order_id: string;
    reservation_id: string;
    event_id: string;
    state: string;
    starts_at: Date;
    ends_at: Date;
    task: JSONColumnType<Record<string, unknown>>;
    created_at: Date;
    /** When its order was cancelled (migration 011). */
    cancelled_at: Generated<Date | null>;
  };
  /** Migration 006: the card token each order paid with; a token pays once. */
  spent_card_tokens: {
    token: string;
    order_id: string;
    spent_at: Date;
  };
  idempotency_keys: {
    key: string;
    request_hash: string;
    status_code: number;
    response: JSONColumnType<Record<string, unknown>>;
    created_at: Date;
  };
}
