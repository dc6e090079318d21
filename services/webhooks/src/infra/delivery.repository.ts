import { type Pool, type PoolClient, selectPage, withTransaction } from "@mp/db";
import type { ClaimedDelivery, DeliveryRepository } from "../application/ports";
import type { Delivery, DeliveryStatus } from "../domain/delivery";

/** The channel (`webhook_deliveries_<schema>`) new due deliveries are announced on, so workers wake. */
export const DELIVERY_CHANNEL_PREFIX = "webhook_deliveries_";
/** Serialises claims across replicas, so the per-endpoint cap holds exactly. */
const CLAIM_LOCK = 0x77686b32;
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

export function makeDeliveryRepository(pool: Pool): DeliveryRepository {
  return {
    enqueue: async (tx, deliveries) => {
      if (deliveries.length === 0) return 0;
      const result = await tx.query(
        `INSERT INTO deliveries (id, endpoint_id, organisation_id, event_id, event_type, body, next_attempt_at, created_at)
         SELECT * , $7::timestamptz, $7::timestamptz FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::uuid[], $5::text[], $6::text[])
         ON CONFLICT (event_id, endpoint_id) DO NOTHING`,
        [
          deliveries.map((d) => d.id),
          deliveries.map((d) => d.endpointId),
          deliveries.map((d) => d.organisationId),
          deliveries.map((d) => d.eventId),
          deliveries.map((d) => d.eventType),
          deliveries.map((d) => d.body),
          deliveries[0]?.createdAt,
        ],
      );
      const made = result.rowCount ?? 0;
      if (made > 0) await tx.query(`SELECT pg_notify('${DELIVERY_CHANNEL_PREFIX}' || current_schema(), '')`);
      return made;
    },

    claim: (now, limits) =>
      withTransaction(pool, async (tx) => {
        await tx.query("SELECT pg_advisory_xact_lock($1)", [CLAIM_LOCK]);
        // Due rows of enabled endpoints below their cap, with each endpoint's attempts in flight (leased).
        const due = await tx.query<{ id: string; endpoint_id: string; busy: number }>(
          `WITH busy AS (
             SELECT endpoint_id, count(*)::int AS n FROM deliveries
              WHERE status = 'pending' AND locked_until > $1 GROUP BY endpoint_id)
           SELECT d.id, d.endpoint_id, coalesce(b.n, 0) AS busy
             FROM deliveries d JOIN endpoints e ON e.id = d.endpoint_id
             LEFT JOIN busy b ON b.endpoint_id = d.endpoint_id
            WHERE d.status = 'pending' AND d.next_attempt_at <= $1
              AND (d.locked_until IS NULL OR d.locked_until <= $1)
              AND e.enabled AND coalesce(b.n, 0) < $2
            ORDER BY d.next_attempt_at, d.id
            LIMIT $3
            FOR UPDATE OF d SKIP LOCKED`,
          [now, limits.perEndpoint, Math.min(limits.limit * SCAN_FACTOR, MAX_SCAN)],
        );
        const inFlight = new Map(due.rows.map((r) => [r.endpoint_id, r.busy]));
        const picked: string[] = [];
        for (const row of due.rows) {
          if (picked.length >= limits.limit) break;
          const n = inFlight.get(row.endpoint_id) ?? 0;
          if (n >= limits.perEndpoint) continue;
          inFlight.set(row.endpoint_id, n + 1);
          picked.push(row.id);
        }
        if (picked.length === 0) return [];
        const { rows } = await tx.query<ClaimRow>(
          `UPDATE deliveries d
              SET attempts = d.attempts + 1, locked_until = $2::timestamptz + make_interval(secs => $3::double precision / 1000),
                  first_attempt_at = coalesce(d.first_attempt_at, $2), last_attempt_at = $2
             FROM endpoints e
            WHERE d.id = ANY ($1::uuid[]) AND e.id = d.endpoint_id
        RETURNING d.id, d.endpoint_id, d.organisation_id, e.url, d.body, d.attempts, d.first_attempt_at,
                  e.secret_sealed, e.previous_secret_sealed, e.previous_secret_expires_at, e.retrying`,
          [picked, now, limits.leaseMs],
        );
        return rows.map(
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
      }),

    recordAttempt: async (claimed, outcome, next, now, tx?: PoolClient) => {
      const result = await (tx ?? pool).query(
        `UPDATE deliveries SET status = $3, next_attempt_at = $4, locked_until = NULL, response_status = $5,
                duration_ms = $6, last_error = $7, delivered_at = CASE WHEN $3 = 'succeeded' THEN $8::timestamptz END
          WHERE id = $1 AND attempts = $2 AND status = 'pending'`,
        [
          claimed.id,
          claimed.attempt,
          next.status,
          next.nextAttemptAt,
          outcome.status,
          Math.round(outcome.durationMs),
          outcome.ok ? null : outcome.error.slice(0, 500),
          now,
        ],
      );
      return (result.rowCount ?? 0) > 0;
    },

    hurryRetries: async (endpointId, now) => {
      const result = await pool.query(
        `WITH cleared AS (UPDATE endpoints SET retrying = false WHERE id = $1 AND retrying)
         UPDATE deliveries SET next_attempt_at = $2
          WHERE endpoint_id = $1 AND status = 'pending' AND attempts > 0 AND next_attempt_at > $2
            AND (locked_until IS NULL OR locked_until <= $2)`,
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
        `UPDATE deliveries SET status = 'pending', next_attempt_at = $3,
                locked_until = CASE WHEN locked_until > $3 THEN locked_until END,
                first_attempt_at = NULL, delivered_at = NULL
          WHERE id = $1 AND endpoint_id = $2 RETURNING ${COLUMNS}`,
        [id, endpointId, now],
      );
      if (rows[0]) await tx.query(`SELECT pg_notify('${DELIVERY_CHANNEL_PREFIX}' || current_schema(), '')`);
      return rows[0] && toDelivery(rows[0]);
    },
  };
}
