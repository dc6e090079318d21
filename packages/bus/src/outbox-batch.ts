import type { Pool, PoolClient } from "@mp/db";
import type { Bus } from "./connection";
import type { EventEnvelope } from "./envelope";
import { toMsgHeaders } from "./trace-context";

interface OutboxRow {
  seq: string;
  event_id: string;
  event_type: string;
  payload: string;
  headers: Record<string, string>;
}

/** Raised when JetStream did not acknowledge a row; the rows before it were marked sent. */
export class OutboxPublishError extends Error {
  override readonly name = "OutboxPublishError";
}

/**
 * One relay pass: in one transaction, claim up to `batchSize` unsent rows in `seq` order, publish them one
 * by one, and mark the acknowledged ones sent. A transaction-scoped advisory lock per schema lets one
 * relay replica at a time publish, which is what keeps the stream in outbox order; `SKIP LOCKED` keeps
 * a replica without the lock from ever waiting on claimed rows.
 *
 * A publish failure commits the progress so far (plus the failed row's attempt count) and throws. Any
 * other failure rolls back as a crash would: the batch is republished later, and dedup drops it.
 */
export async function relayOutboxBatch(deps: {
  pool: Pool;
  bus: Bus;
  batchSize: number;
  afterPublish?: ((event: EventEnvelope) => void | Promise<void>) | undefined;
}): Promise<number> {
  const client = await deps.pool.connect();
  let reusable = true;
  try {
    await client.query("BEGIN");
    const published = await publishClaimed(client, deps);
    await client.query("COMMIT");
    return published;
  } catch (error) {
    if (!(error instanceof OutboxPublishError)) {
      await client.query("ROLLBACK").catch(() => {
        reusable = false;
      });
    }
    throw error;
  } finally {
    // A connection that cannot even roll back is broken: destroy it rather than return it to the pool.
    client.release(!reusable);
  }
}

async function publishClaimed(
  client: PoolClient,
  deps: Parameters<typeof relayOutboxBatch>[0],
): Promise<number> {
  const { rows: lock } = await client.query<{ locked: boolean }>(
    "SELECT pg_try_advisory_xact_lock(hashtext('bus.outbox_relay'), hashtext(coalesce(current_schema(), ''))) AS locked",
  );
  if (!lock[0]?.locked) return 0;
  const { rows } = await client.query<OutboxRow>(
    `SELECT seq, event_id, event_type, payload::text AS payload, headers
       FROM outbox WHERE sent_at IS NULL ORDER BY seq LIMIT $1 FOR UPDATE SKIP LOCKED`,
    [deps.batchSize],
  );
  const sent: string[] = [];
  for (const row of rows) {
    try {
      await deps.bus.js.publish(deps.bus.subject(row.event_type), row.payload, {
        msgID: row.event_id,
        headers: toMsgHeaders(row.headers),
      });
    } catch (error) {
      await markSent(client, sent);
      await client.query("UPDATE outbox SET attempts = attempts + 1, last_error = $2 WHERE seq = $1", [
        row.seq,
        String(error),
      ]);
      await client.query("COMMIT");
      throw new OutboxPublishError(`Could not publish event ${row.event_id} (${row.event_type})`, {
        cause: error,
      });
    }
    if (deps.afterPublish) await deps.afterPublish(JSON.parse(row.payload) as EventEnvelope);
    sent.push(row.seq);
  }
  await markSent(client, sent);
  return sent.length;
}

async function markSent(client: PoolClient, seqs: string[]): Promise<void> {
  if (seqs.length === 0) return;
  await client.query("UPDATE outbox SET sent_at = now() WHERE seq = ANY($1::bigint[])", [seqs]);
}
