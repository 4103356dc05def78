import type { Generated, JSONColumnType } from 'kysely';

/** What an event tells of (docs/rules/webhooks.md#event-types). */
export type EventType =
  | 'order.confirmed'
  | 'order.needs_attention'
  | 'order.resolved'
  | 'order.rescheduled'
  | 'order.cancelled'
  | 'order.service_changed'
  | 'lead.created'
  | 'lead.contacted'
  | 'person.erased';

export interface NotificationTables {
  /**
   * Migration 010: the outbox before 026. Kept for the rolling upgrade only: an older instance
   * may still write a row, which the worker carries over (notifications/carry-over.ts).
   */
  ops_notifications: {
    id: string;
    kind: 'order.needs_attention' | 'lead.created';
    payload: JSONColumnType<Record<string, unknown>>;
    created_at: Date;
    attempts: Generated<number>;
    next_attempt_at: Date | null;
    delivered_at: Generated<Date | null>;
    last_error: Generated<string | null>;
  };
  /** Migration 026: each event, written with the change it reports. */
  webhook_events: {
    id: string;
    type: EventType;
    order_id: string | null;
    lead_id: string | null;
    sequence: number;
    data: JSONColumnType<Record<string, unknown>>;
    created_at: Date;
  };
  /** Migration 026: endpoints managers add ('configured' is OPS_WEBHOOK_URL, not a row). */
  webhook_endpoints: {
    id: string;
    url: string;
    secret: string;
    event_types: Generated<string[]>;
    description: Generated<string>;
    created_at: Date;
    created_by: string;
    disabled_at: Generated<Date | null>;
    disabled_by: Generated<string | null>;
    /** Migration 035: attempts failed in a row, since when, and when it may be tried again. */
    failures: Generated<number>;
    failing_since: Generated<Date | null>;
    retry_at: Generated<Date | null>;
    /** Migration 038: the API key that added it, disabled when that key is revoked. */
    created_by_key: Generated<string | null>;
  };
  /** Migration 026: the outbox of deliveries, one per event and endpoint. */
  webhook_deliveries: {
    id: string;
    event_id: string;
    endpoint_id: string;
    created_at: Date;
    attempts: Generated<number>;
    /** When the worker may send it next; null once it gave up (or was delivered). */
    next_attempt_at: Date | null;
    delivered_at: Generated<Date | null>;
    last_error: Generated<string | null>;
    last_status: Generated<number | null>;
  };
}
