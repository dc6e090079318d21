-- Payment notifications exactly as received (contract section 5): stored before the 204, keyed by the
-- processor's event id so a repeated delivery writes nothing. `seq` is the order of arrival, in which the
-- processor handles them. `livemode` and `created` are read from the event when it carries them (a
-- malformed but signed event is stored all the same, and marked unprocessable when processed).
CREATE TABLE payment_events (
  id text PRIMARY KEY CHECK (length(id) BETWEEN 1 AND 255),
  seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
  type text NOT NULL CHECK (length(type) BETWEEN 1 AND 255),
  livemode boolean,
  created timestamptz,
  payload bytea NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  processed_at timestamptz,
  -- emitted: a settlements.payment.updated.v1 was appended; ignored: a type or state purchases do not need;
  -- unprocessable: signed, but not the shape its type promises (outcome_detail says why).
  outcome text CHECK (outcome IN ('emitted', 'ignored', 'unprocessable')),
  outcome_detail text,
  CHECK ((processed_at IS NULL) = (outcome IS NULL))
);

CREATE INDEX payment_events_unprocessed_idx ON payment_events (seq) WHERE processed_at IS NULL;

-- The aggregate of settlements.payment.updated.v1: its version, +1 per processed event of the intent,
-- taken under this row's lock in the transaction that appends the event.
CREATE TABLE payment_intents (
  id text PRIMARY KEY CHECK (length(id) BETWEEN 1 AND 255),
  version integer NOT NULL CHECK (version > 0),
  updated_at timestamptz NOT NULL
);
