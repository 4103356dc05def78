-- What an API key may do besides its role, and what it made (docs/rules/operators.md#api-keys,
-- docs/decisions/026-api-keys.md).

-- A key's scopes: `orders:read` always; `orders:act` and `webhooks:manage` only when given. Keys
-- made before this migration read only from now on (CHANGELOG, Upgrading): a manager makes a new
-- key with the scopes it needs and revokes the old one. A constant default: adding the column
-- rewrites nothing and takes no long lock.
ALTER TABLE api_keys ADD COLUMN IF NOT EXISTS scopes text[] NOT NULL DEFAULT '{orders:read}';

-- The key that added a webhook endpoint (null when a person added it): revoking the key disables
-- the endpoints it added (docs/rules/webhooks.md#endpoints). Nullable, no foreign key and no
-- index: nothing to validate or build on the few endpoints an install has.
ALTER TABLE webhook_endpoints ADD COLUMN IF NOT EXISTS created_by_key text;
