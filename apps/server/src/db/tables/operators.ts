import type { ColumnType, Generated } from 'kysely';

/** jsonb: read back as the value, written as its JSON text (or null). */
type Json = ColumnType<unknown, string | null, string | null>;

export type OperatorRole = 'manager' | 'viewer';

/** Migration 009: operator accounts, their sessions, and the audit of their changes. */
export interface OperatorTables {
  operators: {
    id: string;
    email: string;
    role: OperatorRole;
    password_hash: string;
    failed_attempts: Generated<number>;
    locked_until: Date | null;
    created_at: Date;
    updated_at: Date;
  };
  operator_sessions: {
    token_hash: string;
    operator_id: string;
    csrf_token: string;
    created_at: Date;
    last_seen_at: Date;
    expires_at: Date;
  };
  operator_audit: {
    id: Generated<number>;
    operator_email: string;
    at: Date;
    action: string;
    subject_type: string;
    subject_id: string | null;
    before: Json;
    after: Json;
  };
}
