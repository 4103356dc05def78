import type { ApiKeyScope } from '@fibre/domain/api';
import type { ColumnType, Generated } from 'kysely';

/** jsonb: read back as the value, written as its JSON text (or null). */
type Json = ColumnType<unknown, string | null, string | null>;

export type OperatorRole = 'manager' | 'viewer';

/**
 * Migration 009: operator accounts, their sessions, and the audit of their changes; migration 020:
 * the sign-in bounds; migration 027: the API keys; migration 035: identities bound to the issuer's
 * subject; migration 038: the API keys' scopes.
 */
export interface OperatorTables {
  operators: {
    id: string;
    email: string;
    role: OperatorRole;
    password_hash: string;
    /** Migration 035: the identity service's issuer and the ID token's `sub`, once linked. */
    identity_issuer: ColumnType<string | null, string | null | undefined, string | null>;
    identity_subject: ColumnType<string | null, string | null | undefined, string | null>;
    /** Made by the identity service (its role follows the role claim), not the setup code or CLI. */
    identity_made: Generated<boolean>;
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
  /** Migration 020: what sign-in attempts are counted under (operators/bounds.ts). */
  sign_in_bounds: {
    /** '' for a client address's own row. */
    email: string;
    /** '' for an email's own row. */
    address: string;
    failures: Generated<number>;
    next_at: Date | null;
    last_failure_at: Date | null;
    signed_in_at: Date | null;
  };
  /** Migration 027: the back-office API's keys (operators/api-keys.ts). */
  api_keys: {
    id: string;
    name: string;
    role: OperatorRole;
    /** Migration 038: `orders:read`, and `orders:act` or `webhooks:manage` when given. */
    scopes: ColumnType<ApiKeyScope[], ApiKeyScope[] | undefined, ApiKeyScope[]>;
    /** SHA-256 (hex) of the key's whole text. */
    key_hash: string;
    /** The key's first characters, to recognise it by. */
    prefix: string;
    created_at: Date;
    created_by: string;
    last_used_at: Date | null;
    revoked_at: Date | null;
    revoked_by: string | null;
  };
}
