-- API keys of the DirectApiKey scheme (contract section 3). Only the SHA-256 digest of a key is stored;
-- the key itself is shown once, in the response that creates it.
CREATE TABLE api_keys (
  id              uuid PRIMARY KEY,
  organisation_id uuid NOT NULL,
  name            text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 120),
  roles           text[] NOT NULL CHECK (roles <@ ARRAY['developer', 'provider', 'admin']::text[]),
  key_hash        bytea NOT NULL UNIQUE CHECK (octet_length(key_hash) = 32),
  prefix          text NOT NULL,
  created_at      timestamptz NOT NULL DEFAULT now(),
  revoked_at      timestamptz,
  last_used_at    timestamptz
);

-- Listing an organisation's active keys, newest first (the default order).
CREATE INDEX api_keys_active_by_organisation ON api_keys (organisation_id, created_at DESC, id DESC)
  WHERE revoked_at IS NULL;
