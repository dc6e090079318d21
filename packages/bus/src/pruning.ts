import type { Pool, Queryable } from "@mp/db";

/** How long each kind of row is kept; see `busEnv` for why the inbox window must cover the stream's. */
export interface RetentionWindows {
  /** Sent outbox rows (unsent and parked ones are never pruned). */
  outboxMs: number;
  /** Inbox rows: at least the stream's `max_age`, or a replay could apply an event twice. */
  inboxMs: number;
  deadLettersMs: number;
}

export interface PruneResult {
  outbox: number;
  inbox: number;
  deadLetters: number;
  /** DELETE statements run: one per batch, plus the last, short one per table. */
  statements: number;
  /** Another replica was pruning this schema's tables: this call deleted nothing and ran no DELETE. */
  skipped: boolean;
}

/** Rows deleted per statement: short transactions, short locks, no long vacuum debt at once. */
export const PRUNE_BATCH = 1_000;

/**
 * Held, for the session, by the replica pruning a schema's bus tables: one replica prunes at a time, and
 * a replica that finds it taken skips its pass (the holder deletes the same rows).
 */
const PRUNE_LOCK = "hashtext('bus.prune'), hashtext(coalesce(current_schema(), ''))";

/**
 * A bounded DELETE per table and kind of row, repeated until a batch comes back short. The rows of a
 * batch are chosen by key (`seq`, `id`) or physical address (`ctid`, the inbox has a composite key) through
 * the age indexes, so no statement scans or locks more than `batchSize` rows, and a table with years of
 * history is worked through over many small transactions rather than one that holds locks and bloats WAL.
 * The pass holds a session advisory lock per schema (see {@link PRUNE_LOCK}) so replicas never prune at once.
 */
export async function pruneBusTables(
  pool: Pool,
  windows: RetentionWindows,
  batchSize = PRUNE_BATCH,
): Promise<PruneResult> {
  const client = await pool.connect();
  let broken: Error | boolean = false;
  // As in `withTransaction`: a checked-out client's connection error must not become an uncaught
  // exception, and that connection must not go back to the pool.
  const onError = (error: Error) => {
    broken = error;
  };
  client.on("error", onError);
  try {
    const { rows } = await client.query<{ locked: boolean }>(
      `SELECT pg_try_advisory_lock(${PRUNE_LOCK}) AS locked`,
    );
    if (!rows[0]?.locked) return { outbox: 0, inbox: 0, deadLetters: 0, statements: 0, skipped: true };
    try {
      return await pruneHoldingLock(client, windows, batchSize);
    } finally {
      await client.query(`SELECT pg_advisory_unlock(${PRUNE_LOCK})`).catch((error: Error) => {
        // A connection that cannot unlock must not go back to the pool holding the lock.
        broken ||= error;
      });
    }
  } finally {
    client.off("error", onError);
    client.release(broken);
  }
}

async function pruneHoldingLock(
  db: Queryable,
  windows: RetentionWindows,
  batchSize: number,
): Promise<PruneResult> {
  const result: PruneResult = { outbox: 0, inbox: 0, deadLetters: 0, statements: 0, skipped: false };
  const repeat = async (sql: string, windowMs: number): Promise<number> => {
    let total = 0;
    for (;;) {
      const { rowCount } = await db.query(sql, [windowMs, batchSize]);
      result.statements++;
      total += rowCount ?? 0;
      if ((rowCount ?? 0) < batchSize) return total;
    }
  };
  const cutoff = "now() - make_interval(secs => $1::double precision / 1000)";
  result.outbox = await repeat(
    `DELETE FROM outbox WHERE seq IN (
       SELECT seq FROM outbox WHERE sent_at IS NOT NULL AND sent_at < ${cutoff} ORDER BY sent_at LIMIT $2)`,
    windows.outboxMs,
  );
  result.inbox = await repeat(
    `DELETE FROM inbox WHERE handled_at < ${cutoff} AND ctid = ANY(ARRAY(
       SELECT ctid FROM inbox WHERE handled_at < ${cutoff} ORDER BY handled_at LIMIT $2))`,
    windows.inboxMs,
  );
  result.deadLetters = await repeat(
    `DELETE FROM dead_letters WHERE id IN (
       SELECT id FROM dead_letters WHERE created_at < ${cutoff} ORDER BY created_at LIMIT $2)`,
    windows.deadLettersMs,
  );
  return result;
}
