import type { JSONColumnType } from 'kysely';

/** What the visitor agreed to when the sign-up was saved (docs/rules/mail.md, "Finish later"). */
export interface SignupConsent {
  /** The words shown beside the button, as shown. */
  words: string;
  /** Whether the payment step's marketing box was ticked then. */
  marketing: boolean;
  /** When (ISO 8601). */
  at: string;
}

export interface SignupTables {
  /** Migration 028: sign-ups saved to finish later. */
  saved_signups: {
    id: string;
    email: string;
    first_name: string;
    /** The wizard's serialised state, less card data and the hold. */
    snapshot: JSONColumnType<Record<string, unknown>>;
    reservation_id: string | null;
    consent: JSONColumnType<SignupConsent>;
    created_at: Date;
    expires_at: Date;
    unsubscribed_at: Date | null;
    /** Migration 037: a newer save of the same address replaced it (its snapshot emptied). */
    replaced_at: Date | null;
  };
  /** Migration 037: the unsubscribe links' own tokens, as SHA-256 hex only. */
  signup_unsubscribe_tokens: {
    token_hash: string;
    signup_id: string;
    created_at: Date;
  };
  /** Migration 028: the links that open a saved sign-up, as SHA-256 hex only. */
  signup_links: {
    token_hash: string;
    signup_id: string;
    created_at: Date;
    expires_at: Date;
    used_at: Date | null;
  };
  /** Migration 028: the one reminder each saved sign-up may get. */
  signup_reminders: {
    signup_id: string;
    mail_id: string;
    created_at: Date;
  };
}
