-- The request that created each instance (its X-Request-Id at the gateway), so a creation repeated with
-- the same request id (an ingress resending the POST on another gateway after the first died under it,
-- or a client retrying after an unclear answer) returns the instance the first one created instead of
-- making a second (docs/api.md, "Repeating a creation"). Scoped to the owning organisation: one
-- organisation's request ids never meet another's. NULL for instances created before this column.
ALTER TABLE instances ADD COLUMN creation_key text;

CREATE UNIQUE INDEX instances_creation_key_idx ON instances (owner_organisation_id, creation_key)
  WHERE creation_key IS NOT NULL;
