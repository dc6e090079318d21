import type { Migration } from "@mp/db";

/**
 * Outbox: `seq` gives the order the relay publishes in; `payload` is `json` (not `jsonb`) so the bytes published are the
 * bytes committed; `headers` holds the W3C trace context captured at append time. The partial index keeps
 * the relay's scan proportional to what is unsent, not to history.
 *
 * Inbox: one row per (consumer, event) handled, written in the handler's transaction; its primary key is
 * what makes a redelivery a no-op.
 *
 * Dead letters: `event_id` is text and `payload` may be a JSON string, because a message that failed to
 * parse is recorded too.
 */
const OUTBOX_INBOX = `
CREATE TABLE outbox (
  seq        bigserial PRIMARY KEY,
  event_id   uuid NOT NULL UNIQUE,
  event_type text NOT NULL,
  payload    json NOT NULL,
  headers    jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at    timestamptz,
  attempts   integer NOT NULL DEFAULT 0,
  last_error text
);
CREATE INDEX outbox_unsent ON outbox (seq) WHERE sent_at IS NULL;

CREATE TABLE inbox (
  consumer   text NOT NULL,
  event_id   uuid NOT NULL,
  handled_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (consumer, event_id)
);

CREATE TABLE dead_letters (
  id         bigserial PRIMARY KEY,
  consumer   text NOT NULL,
  event_id   text,
  subject    text NOT NULL,
  payload    jsonb NOT NULL,
  error      text NOT NULL,
  attempts   integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX dead_letters_consumer ON dead_letters (consumer, created_at);
`;

/**
 * Parking: a row that failed `BUS_OUTBOX_MAX_ATTEMPTS` publishes gets `parked_at` and is skipped until a
 * human unparks it, so it no longer holds up later rows. Pruning deletes by age in small batches, hence
 * the indexes on the age columns (the sent-rows index is partial: unsent rows are never pruned). A dead
 * letter records when it was replayed.
 */
const PARKING_PRUNING = `
ALTER TABLE outbox ADD COLUMN parked_at timestamptz;
CREATE INDEX outbox_sent_at ON outbox (sent_at) WHERE sent_at IS NOT NULL;
CREATE INDEX inbox_handled_at ON inbox (handled_at);
ALTER TABLE dead_letters ADD COLUMN replayed_at timestamptz;
CREATE INDEX dead_letters_created_at ON dead_letters (created_at);
`;

/**
 * When a row's publishes began failing: parking waits until failures have lasted `BUS_OUTBOX_PARK_AFTER`,
 * so a NATS node coming back (its JetStream not ready yet) cannot park healthy rows in a few seconds.
 */
const FIRST_FAILED = `
ALTER TABLE outbox ADD COLUMN first_failed_at timestamptz;
`;

/**
 * The bus tables, as migrations with ids prefixed `bus/`, to apply in the service's own schema before its
 * own migrations: `migrate(pool, schema, [...busMigrations(), ...serviceMigrations])`. Never edit an entry
 * once released (`migrate` refuses changed text); add a new one.
 */
export function busMigrations(): Migration[] {
  return [
    { id: "bus/0001_outbox_inbox", sql: OUTBOX_INBOX },
    { id: "bus/0002_parking_pruning", sql: PARKING_PRUNING },
    { id: "bus/0003_outbox_first_failed", sql: FIRST_FAILED },
  ];
}
