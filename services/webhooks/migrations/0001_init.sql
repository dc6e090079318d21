-- Outbound webhooks: the endpoints organisations register and one delivery per event and endpoint.

CREATE TABLE endpoints (
  id uuid PRIMARY KEY,
  organisation_id uuid NOT NULL,
  url text NOT NULL,
  events text[] NOT NULL,
  description text,
  enabled boolean NOT NULL DEFAULT true,
  -- why the system disabled it (retries-exhausted); null when enabled or disabled by its owner
  disabled_reason text,
  -- AES-256-GCM of the signing secret under WEBHOOK_SECRET_KEY, the endpoint id as associated data
  secret_sealed bytea NOT NULL,
  -- the rotated-out secret, signing alongside until previous_secret_expires_at
  previous_secret_sealed bytea,
  previous_secret_expires_at timestamptz,
  -- set when an attempt fails, cleared when a 2xx makes its waiting retries due: a success checks for
  -- retries to bring forward only when this says there may be some
  retrying boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX endpoints_by_organisation ON endpoints (organisation_id, created_at);

-- One event to one endpoint. `body` is the exact JSON sent (signed as is). A delivery is claimed by
-- pushing locked_until ahead under FOR UPDATE SKIP LOCKED; an attempt's outcome is stored only by the
-- claim that made it (attempts unchanged since the claim).
CREATE TABLE deliveries (
  id uuid PRIMARY KEY,
  endpoint_id uuid NOT NULL REFERENCES endpoints (id) ON DELETE CASCADE,
  organisation_id uuid NOT NULL,
  event_id uuid NOT NULL,
  event_type text NOT NULL,
  body text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'succeeded', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz,
  locked_until timestamptz,
  -- the first attempt's time: the retry window (WEBHOOK_RETRY_FOR) runs from it
  first_attempt_at timestamptz,
  last_attempt_at timestamptz,
  response_status integer,
  duration_ms integer,
  last_error text,
  delivered_at timestamptz,
  created_at timestamptz NOT NULL,
  UNIQUE (event_id, endpoint_id)
);
CREATE INDEX deliveries_due ON deliveries (next_attempt_at) WHERE status = 'pending';
CREATE INDEX deliveries_pending_by_endpoint ON deliveries (endpoint_id) WHERE status = 'pending';
-- the attempts in flight (leased), counted per endpoint by every claim
CREATE INDEX deliveries_leased ON deliveries (locked_until) WHERE status = 'pending';
CREATE INDEX deliveries_by_endpoint ON deliveries (endpoint_id, created_at);
