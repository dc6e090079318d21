import type { Queryable } from "@mp/db";
import type { EventEnvelope } from "./envelope";
import { captureTraceContext } from "./trace-context";

/**
 * Prefix of the NOTIFY channel; the schema name completes it (`bus_outbox.<schema>`) so relays of
 * services sharing a database only wake for their own outbox.
 */
export const OUTBOX_CHANNEL_PREFIX = "bus_outbox.";

/**
 * Record `event` for publication inside the caller's transaction (pass the client `withTransaction` gives),
 * so the event exists if and only if the change it describes commits. The active trace context is stored
 * with it and travels as message headers. The NOTIFY is delivered on commit only, which wakes the relay
 * without polling; a rolled-back transaction neither stores nor announces anything.
 */
export async function appendToOutbox(client: Queryable, event: EventEnvelope): Promise<void> {
  const payload = JSON.stringify(event);
  const traceHeaders = JSON.stringify(captureTraceContext());
  await client.query(
    `WITH appended AS (
       INSERT INTO outbox (event_id, event_type, payload, headers) VALUES ($1, $2, $3, $4) RETURNING 1
     )
     SELECT pg_notify($5 || coalesce(current_schema(), ''), '') FROM appended`,
    [event.id, event.type, payload, traceHeaders, OUTBOX_CHANNEL_PREFIX],
  );
}
