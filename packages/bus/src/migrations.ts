import type { Migration } from "@mp/db";

/**
 * Outbox: `seq` gives the publish order; `payload` is `json` (not `jsonb`) so the bytes published are the
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
 * The bus tables, as migrations with ids prefixed `bus/`, to apply in the service's own schema before its
 * own migrations: `migrate(pool, schema, [...busMigrations(), ...serviceMigrations])`. Never edit an entry
 * once released (`migrate` refuses changed text); add a new one.
 */
export function busMigrations(): Migration[] {
  return [{ id: "bus/0001_outbox_inbox", sql: OUTBOX_INBOX }];
}
