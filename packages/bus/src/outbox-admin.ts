import type { Queryable } from "@mp/db";
import { OUTBOX_CHANNEL_PREFIX } from "./outbox";

export interface ParkedRow {
  seq: string;
  eventId: string;
  eventType: string;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  parkedAt: Date;
}

/** Outbox rows the relay gave up on, oldest first: each needs its cause fixed, then `unpark`. */
export async function listParked(db: Queryable, limit = 100): Promise<ParkedRow[]> {
  const { rows } = await db.query<{
    seq: string;
    event_id: string;
    event_type: string;
    attempts: number;
    last_error: string | null;
    created_at: Date;
    parked_at: Date;
  }>(
    `SELECT seq, event_id, event_type, attempts, last_error, created_at, parked_at FROM outbox
     WHERE sent_at IS NULL AND parked_at IS NOT NULL ORDER BY seq LIMIT $1`,
    [limit],
  );
  return rows.map((r) => ({
    seq: r.seq,
    eventId: r.event_id,
    eventType: r.event_type,
    attempts: r.attempts,
    lastError: r.last_error,
    createdAt: r.created_at,
    parkedAt: r.parked_at,
  }));
}

/**
 * Give parked rows (the given `seq`s, or all) a fresh set of attempts and wake the relay, which publishes
 * them in its next pass: they go out after the events that overtook them, which is why consumers order by
 * aggregate version, not by arrival. Resolves to the number of rows unparked.
 */
export async function unpark(db: Queryable, seqs: string[] | "all"): Promise<number> {
  const { rowCount } = await db.query(
    `UPDATE outbox SET parked_at = NULL, attempts = 0, first_failed_at = NULL
     WHERE sent_at IS NULL AND parked_at IS NOT NULL AND ($1::bigint[] IS NULL OR seq = ANY($1::bigint[]))`,
    [seqs === "all" ? null : seqs],
  );
  await db.query("SELECT pg_notify($1 || coalesce(current_schema(), ''), '')", [OUTBOX_CHANNEL_PREFIX]);
  return rowCount ?? 0;
}
