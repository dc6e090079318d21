import { type Pool, type PoolClient, withTransaction } from "@mp/db";
import { applyInTransaction, type HandlerTransaction } from "./consumer-message";
import type { EventEnvelope } from "./envelope";
import { applyProjection, type Projection } from "./projection";

// Test support for a consumer's batch-equivalence tests: the same events applied one per transaction, in
// the bus's batches, and in batches without a `HandlerTransaction` must write the same state.

/** Applies one batch of events in one transaction. */
export type BatchApply<T> = (pool: Pool, batch: EventEnvelope<T>[]) => Promise<unknown>;

/**
 * How a batch is applied: `"bus"` as the bus does (the inbox rows, each new event's handler sharing one
 * `HandlerTransaction`, then its `beforeCommit` tasks); `"handler alone"` with each event's inbox row and
 * its handler called without a `HandlerTransaction`, so each event's writes are made before it returns.
 */
export function batchApplier<T>(
  consumer: string,
  handle: (event: EventEnvelope<T>, client: PoolClient, transaction?: HandlerTransaction) => Promise<void>,
  mode: "bus" | "handler alone",
): BatchApply<T> {
  if (mode === "bus")
    return (pool, batch) =>
      applyInTransaction(
        pool,
        consumer,
        batch.map((event) => ({ event })),
        handle,
      );
  return (pool, batch) =>
    withTransaction(pool, async (tx) => {
      for (const event of batch) {
        const inserted = await tx.query(
          "INSERT INTO inbox (consumer, event_id) VALUES ($1, $2) ON CONFLICT DO NOTHING",
          [consumer, event.id],
        );
        if (inserted.rowCount !== 0) await handle(event, tx);
      }
    });
}

/** How a projecting consumer applies a batch (`ConsumerOptions.project`): one statement, no transaction. */
export function projectionApplier<T>(consumer: string, projection: Projection<T>): BatchApply<T> {
  return (pool, batch) => applyProjection(pool, consumer, batch, projection);
}

/**
 * Applies `queue` in batches of `size` as a batching consumer does: a batch that fails is rolled back and
 * its events applied alone; an event failing alone goes to `failedAlone`, which may push it back on
 * `queue` for a later delivery, or throw to end the drain. Answers how many events were applied in
 * batches of more than one that committed.
 */
export async function drainInBatches<T>(
  pool: Pool,
  queue: EventEnvelope<T>[],
  size: number,
  apply: BatchApply<T>,
  failedAlone: (event: EventEnvelope<T>, error: unknown) => Promise<void>,
): Promise<number> {
  let batched = 0;
  const alone = async (event: EventEnvelope<T>) => {
    try {
      await apply(pool, [event]);
    } catch (error) {
      await failedAlone(event, error);
    }
  };
  while (queue.length > 0) {
    const batch = queue.splice(0, size);
    if (batch.length === 1) await alone(batch[0] as EventEnvelope<T>);
    else
      await apply(pool, batch).then(
        () => {
          batched += batch.length;
        },
        async () => {
          for (const event of batch) await alone(event);
        },
      );
  }
  return batched;
}
