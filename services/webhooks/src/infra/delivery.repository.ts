import { type Pool, type PoolClient, selectPage } from "@mp/db";
import type { ClaimedDelivery, DeliveryRepository } from "../application/ports";
import type { AttemptOutcome, Delivery, DeliveryStatus } from "../domain/delivery";

/** The channel (`webhook_deliveries_<schema>`) new due deliveries are announced on, so workers wake. */
export const DELIVERY_CHANNEL_PREFIX = "webhook_deliveries_";
/** Due deliveries a claim looks at, to find up to `limit` within the per-endpoint caps. */
const SCAN_FACTOR = 8;
/** At most this many due rows are looked at (and locked) by one claim. */
const MAX_SCAN = 500;

interface Row {
  id: string;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  status: DeliveryStatus;
  attempts: number;
  response_status: number | null;
  duration_ms: number | null;
  last_error: string | null;
  created_at: Date;
  last_attempt_at: Date | null;
  next_attempt_at: Date | null;
  delivered_at: Date | null;
}

const COLUMNS = `id, endpoint_id, event_id, event_type, status, attempts, response_status, duration_ms, last_error,
  created_at, last_attempt_at, next_attempt_at, delivered_at`;

function toDelivery(row: Row): Delivery {
  return {
    id: row.id,
    endpointId: row.endpoint_id,
    eventId: row.event_id,
    eventType: row.event_type,
    status: row.status,
    attempts: row.attempts,
    responseStatus: row.response_status,
    durationMs: row.duration_ms,
    lastError: row.last_error,
    createdAt: row.created_at,
    lastAttemptAt: row.last_attempt_at,
    nextAttemptAt: row.next_attempt_at,
    deliveredAt: row.delivered_at,
  };
}

interface ClaimRow {
  id: string;
  endpoint_id: string;
  organisation_id: string;
  url: string;
  body: string;
  attempts: number;
  first_attempt_at: Date;
  secret_sealed: Buffer;
  previous_secret_sealed: Buffer | null;
  previous_secret_expires_at: Date | null;
  retrying: boolean;
}

/** One attempt's outcome waiting to be stored with the others that arrived meanwhile. */
interface PendingRecord {
  claimed: ClaimedDelivery;
  outcome: AttemptOutcome;
  next: { status: DeliveryStatus; nextAttemptAt: Date | null };
  at: { started: Date; ended: Date };
  done: (stored: boolean) => void;
  failed: (error: unknown) => void;
}

/** Outcomes stored by one statement at most. */
const MAX_RECORD_BATCH = 500;

const RECORD_SQL = `UPDATE deliveries d
    SET status = v.status, next_attempt_at = v.next_attempt_at, locked_until = NULL,
        response_status = v.response_status, duration_ms = v.duration_ms, last_error = v.last_error,
        last_attempt_at = v.started, delivered_at = CASE WHEN v.status = 'succeeded' THEN v.ended END
   FROM unnest($1::uuid[], $2::int[], $3::text[], $4::timestamptz[], $5::int[], $6::int[], $7::text[],
               $8::timestamptz[], $9::timestamptz[])
        AS v(id, attempt, status, next_attempt_at, response_status, duration_ms, last_error, started, ended)
  WHERE d.id = v.id AND d.attempts = v.attempt AND d.status = 'pending' AND d.locked_until IS NOT NULL
RETURNING d.id`;

function recordParams(records: readonly Omit<PendingRecord, "done" | "failed">[]): unknown[] {
  return [
    records.map((r) => r.claimed.id),
    records.map((r) => r.claimed.attempt),
    records.map((r) => r.next.status),
    records.map((r) => r.next.nextAttemptAt),
    records.map((r) => r.outcome.status),
    records.map((r) => Math.round(r.outcome.durationMs)),
    records.map((r) => (r.outcome.ok ? null : r.outcome.error.slice(0, 500))),
    records.map((r) => r.at.started),
    records.map((r) => r.at.ended),
  ];
}

export function makeDeliveryRepository(pool: Pool): DeliveryRepository {
  // Outcomes are stored one statement at a time: those that arrive while one runs go together in the next.
  let queued: PendingRecord[] = [];
  let writing = false;
  const flush = async () => {
    if (writing) return;
    writing = true;
    try {
      while (queued.length > 0) {
        const batch = queued.slice(0, MAX_RECORD_BATCH);
        queued = queued.slice(batch.length);
        try {
          const { rows } = await pool.query<{ id: string }>(RECORD_SQL, recordParams(batch));
          const stored = new Set(rows.map((r) => r.id));
          for (const r of batch) r.done(stored.has(r.claimed.id));
        } catch (error) {
          for (const r of batch) r.failed(error);
        }
      }
    } finally {
      writing = false;
    }
  };

  return {
    enqueue: async (tx, deliveries, options = {}) => {
      if (deliveries.length === 0) return [];
      const { lease, notice = "" } = options;
      const leased = deliveries.map((d) => lease?.ids.has(d.id) ?? false);
      const at = lease?.at ?? null;
      // Leased rows count their first attempt now: the inserting process attempts them once this commits.
      const result = await tx.query<{ id: string }>(
        `WITH made AS (
           INSERT INTO deliveries (id, endpoint_id, organisation_id, event_id, event_type, body, next_attempt_at,
                                   created_at, attempts, locked_until, first_attempt_at, last_attempt_at)
           SELECT v.id, v.endpoint_id, v.organisation_id, v.event_id, v.event_type, v.body, $7::timestamptz,
                  $7::timestamptz, CASE WHEN v.leased THEN 1 ELSE 0 END,
                  CASE WHEN v.leased THEN $9::timestamptz + make_interval(secs => $10::double precision / 1000) END,
                  CASE WHEN v.leased THEN $9::timestamptz END, CASE WHEN v.leased THEN $9::timestamptz END
             FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::uuid[], $5::text[], $6::text[], $8::boolean[])
                  AS v(id, endpoint_id, organisation_id, event_id, event_type, body, leased)
           ON CONFLICT (event_id, endpoint_id) DO NOTHING
           RETURNING id),
         told AS (
           SELECT pg_notify('${DELIVERY_CHANNEL_PREFIX}' || current_schema(), $11) WHERE EXISTS (SELECT 1 FROM made))
         SELECT id FROM made, (SELECT count(*) FROM told) AS t`,
        [
          deliveries.map((d) => d.id),
          deliveries.map((d) => d.endpointId),
          deliveries.map((d) => d.organisationId),
          deliveries.map((d) => d.eventId),
          deliveries.map((d) => d.eventType),
          deliveries.map((d) => d.body),
          deliveries[0]?.createdAt,
          leased,
          at,
          lease?.leaseMs ?? 0,
          notice,
        ],
      );
      return result.rows.map((r) => r.id);
    },

    claim: async (now, limits) => {
      const busy = [...limits.busy].filter(([, n]) => n > 0);
      const full = busy.filter(([, n]) => n >= limits.perEndpoint).map(([id]) => id);
      // Due rows of enabled endpoints (skipping those other claims hold), each endpoint's first ones up to
      // its room (its cap less what this process has in flight to it), leased for this attempt.
      const { rows } = await pool.query<ClaimRow & { seen: number }>(
        `WITH due AS (
           SELECT d.id, d.endpoint_id, d.next_attempt_at, e.retrying
             FROM deliveries d JOIN endpoints e ON e.id = d.endpoint_id
            WHERE d.status = 'pending' AND d.next_attempt_at <= $1
              AND (d.locked_until IS NULL OR d.locked_until <= $1)
              AND e.enabled AND d.endpoint_id <> ALL ($2::uuid[])
            ORDER BY d.next_attempt_at, d.id
            LIMIT $3
            FOR UPDATE OF d SKIP LOCKED),
         ranked AS (
           SELECT due.id, due.next_attempt_at,
                  row_number() OVER (PARTITION BY due.endpoint_id ORDER BY due.next_attempt_at, due.id) AS n,
                  CASE WHEN due.retrying THEN $4::int ELSE $5::int END - coalesce(b.n, 0) AS room
             FROM due LEFT JOIN unnest($6::uuid[], $7::int[]) AS b(endpoint_id, n) ON b.endpoint_id = due.endpoint_id),
         picked AS (
           SELECT id FROM ranked WHERE n <= room ORDER BY next_attempt_at, id LIMIT $8),
         claimed AS (
           UPDATE deliveries d
              SET attempts = d.attempts + 1, locked_until = $1::timestamptz + make_interval(secs => $9::double precision / 1000),
                  first_attempt_at = coalesce(d.first_attempt_at, $1), last_attempt_at = $1
             FROM picked p, endpoints e
            WHERE d.id = p.id AND e.id = d.endpoint_id
        RETURNING d.id, d.endpoint_id, d.organisation_id, e.url, d.body, d.attempts, d.first_attempt_at,
                  e.secret_sealed, e.previous_secret_sealed, e.previous_secret_expires_at, e.retrying)
         SELECT c.*, (SELECT count(*)::int FROM due) AS seen FROM (SELECT 1) AS one LEFT JOIN claimed c ON true`,
        [
          now,
          full,
          Math.min(limits.limit * SCAN_FACTOR, MAX_SCAN),
          limits.perFailingEndpoint,
          limits.perEndpoint,
          busy.map(([id]) => id),
          busy.map(([, n]) => n),
          limits.limit,
          limits.leaseMs,
        ],
      );
      // One row even when nothing was claimed (its columns null), so `seen` always comes back.
      const seen = rows[0]?.seen ?? 0;
      const claimed = rows
        .filter((r) => r.id !== null)
        .map(
          (r): ClaimedDelivery => ({
            id: r.id,
            endpointId: r.endpoint_id,
            organisationId: r.organisation_id,
            url: r.url,
            body: r.body,
            attempt: r.attempts,
            firstAttemptAt: r.first_attempt_at,
            secrets: {
              current: r.secret_sealed,
              previous: r.previous_secret_sealed,
              previousExpiresAt: r.previous_secret_expires_at,
            },
            endpointRetrying: r.retrying,
          }),
        );
      // A full endpoint's rows were not looked at: some may be due.
      const more = seen > claimed.length || full.length > 0;
      return { claimed, more: more || claimed.length === limits.limit };
    },

    stillLeased: async (ids, now) => {
      const { rows } = await pool.query<{ id: string }>(
        `SELECT id FROM deliveries
          WHERE id = ANY ($1::uuid[]) AND status = 'pending' AND attempts = 1 AND locked_until > $2`,
        [ids, now],
      );
      return rows.map((r) => r.id);
    },

    recordAttempt: (claimed, outcome, next, at, tx?: PoolClient) => {
      if (tx)
        return tx
          .query(RECORD_SQL, recordParams([{ claimed, outcome, next, at }]))
          .then((result) => (result.rowCount ?? 0) > 0);
      return new Promise<boolean>((done, failed) => {
        queued.push({ claimed, outcome, next, at, done, failed });
        void flush();
      });
    },

    hurryRetries: async (endpointId, now) => {
      // Only the caller that clears the endpoint's flag hurries (the others wait on its row, then find it
      // cleared), and rows another statement holds (an attempt being claimed or recorded) are left to it:
      // waiting on them while holding the rest deadlocked against a batch recording attempts.
      const result = await pool.query(
        `WITH cleared AS (UPDATE endpoints SET retrying = false WHERE id = $1 AND retrying RETURNING id),
         waiting AS (
           SELECT d.id FROM deliveries d
            WHERE d.endpoint_id = (SELECT id FROM cleared) AND d.status = 'pending' AND d.attempts > 0
              AND d.next_attempt_at > $2 AND (d.locked_until IS NULL OR d.locked_until <= $2)
            FOR UPDATE SKIP LOCKED)
         UPDATE deliveries d SET next_attempt_at = $2 FROM waiting w WHERE d.id = w.id`,
        [endpointId, now],
      );
      const hurried = result.rowCount ?? 0;
      if (hurried > 0)
        await pool.query(`SELECT pg_notify('${DELIVERY_CHANNEL_PREFIX}' || current_schema(), '')`);
      return hurried;
    },

    markRetrying: async (endpointId) => {
      await pool.query("UPDATE endpoints SET retrying = true WHERE id = $1 AND NOT retrying", [endpointId]);
    },

    list: (endpointId, query, status) =>
      selectPage<Row, Delivery>(
        pool,
        {
          select: COLUMNS,
          from: `FROM deliveries WHERE endpoint_id = $1${status ? " AND status = $2" : ""}`,
          params: status ? [endpointId, status] : [endpointId],
          orderBy: "created_at",
          tiebreak: "id",
        },
        query,
        toDelivery,
      ),

    replay: async (tx, endpointId, id, now) => {
      const { rows } = await tx.query<Row>(
        // The lock goes too: an attempt still in flight then finds its row unlocked and its outcome is not
        // stored (RECORD_SQL), so it cannot mark the replayed delivery succeeded before it is sent again.
        `UPDATE deliveries SET status = 'pending', next_attempt_at = $3, locked_until = NULL,
                first_attempt_at = NULL, delivered_at = NULL
          WHERE id = $1 AND endpoint_id = $2 RETURNING ${COLUMNS}`,
        [id, endpointId, now],
      );
      if (rows[0]) await tx.query(`SELECT pg_notify('${DELIVERY_CHANNEL_PREFIX}' || current_schema(), '')`);
      return rows[0] && toDelivery(rows[0]);
    },
  };
}
