import type { Generated, JSONColumnType } from 'kysely';

/** What an ops notification is about (docs/rules/notifications.md). */
export type NotificationKind = 'order.needs_attention' | 'lead.created';

export interface NotificationTables {
  /** Migration 010: the outbox of signed ops notifications. */
  ops_notifications: {
    id: string;
    kind: NotificationKind;
    payload: JSONColumnType<Record<string, unknown>>;
    created_at: Date;
    attempts: Generated<number>;
    /** When the worker may send it next; null once it gave up (or was delivered). */
    next_attempt_at: Date | null;
    delivered_at: Generated<Date | null>;
    last_error: Generated<string | null>;
  };
}
