import type { Queryable } from "@mp/db";

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
}

/** Rows deleted per statement: short transactions, short locks, no long vacuum debt at once. */
export const PRUNE_BATCH = 1_000;

/**
 * A bounded DELETE per table and kind of row, repeated until a batch comes back short. The rows of a
 * batch are chosen by key (`seq`, `id`) or physical address (`ctid`, the inbox has a composite key) through
 * the age indexes, so no statement scans or locks more than `batchSize` rows, and a table with years of
 * history is worked through over many small transactions rather than one that holds locks and bloats WAL.
 */
export async function pruneBusTables(
  db: Queryable,
  windows: RetentionWindows,
  batchSize = PRUNE_BATCH,
): Promise<PruneResult> {
  const result: PruneResult = { outbox: 0, inbox: 0, deadLetters: 0, statements: 0 };
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
