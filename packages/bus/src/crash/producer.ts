/**
 * Crash-test producer: writes orders 1..CRASH_TOTAL, 50 per transaction, each with its event appended to
 * the outbox in the same transaction, and runs the real outbox relay. It is killed with SIGKILL at any
 * moment and started again; it resumes after the highest order committed.
 */
import { createPool, withTransaction } from "@mp/db";
import { createLogger } from "@mp/logger";
import { connectBus } from "../connection";
import { newEvent } from "../envelope";
import { appendToOutbox } from "../outbox";
import { startOutboxRelay } from "../outbox-relay";
import { childEnv, EVENT_TYPE, PRODUCER_SCHEMA } from "./schema";

const BATCH = 50;
const env = childEnv();
const logger = createLogger({ service: "crash-producer", level: "warn", destination: process.stderr });
const pool = createPool({ url: env.databaseUrl, schema: PRODUCER_SCHEMA, applicationName: "crash-producer" });
const bus = await connectBus({ url: env.natsUrl, name: "crash-producer", namespace: env.namespace, logger });
startOutboxRelay({ pool, bus, logger, pollIntervalMs: 50 });

for (;;) {
  const written = await withTransaction(pool, async (client) => {
    // One writer at a time even if an old process is still being reaped.
    await client.query("SELECT pg_advisory_xact_lock(hashtext('crash-producer'))");
    const { rows } = await client.query<{ last: number }>(
      "SELECT coalesce(max(n), 0)::int AS last FROM orders",
    );
    const first = (rows[0]?.last ?? 0) + 1;
    const last = Math.min(first + BATCH - 1, env.total);
    const events = Array.from({ length: Math.max(0, last - first + 1) }, (_, i) =>
      newEvent(EVENT_TYPE, "crash-producer", { n: first + i }),
    );
    await client.query("INSERT INTO orders (n, event_id) SELECT * FROM unnest($1::int[], $2::uuid[])", [
      events.map((e) => e.data.n),
      events.map((e) => e.id),
    ]);
    await appendToOutbox(client, events);
    return events.length;
  });
  if (written <= 0) break;
}
// Everything written: keep relaying until killed or stopped by the test.
