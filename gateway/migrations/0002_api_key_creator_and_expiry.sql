-- Who created each key (the access token's subject), so only the creator or an admin can revoke it, and
-- an optional expiry after which the key answers 401. Keys created before this migration have no
-- recorded creator: only an admin of their organisation can revoke them.
ALTER TABLE api_keys
  ADD COLUMN created_by text CHECK (char_length(created_by) BETWEEN 1 AND 256),
  ADD COLUMN expires_at timestamptz;
