-- Marketplace instances: the scopes developer items, offerings, listings and catalogues live in.
CREATE TABLE instances (
  id uuid PRIMARY KEY,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
  owner_organisation_id uuid NOT NULL,
  default_currency char(3) NOT NULL,
  platform_fee_bps integer NOT NULL CHECK (platform_fee_bps BETWEEN 0 AND 5000),
  created_at timestamptz NOT NULL
);

CREATE INDEX instances_created_at_idx ON instances (created_at, id);
CREATE INDEX instances_name_idx ON instances (lower(name), id);
