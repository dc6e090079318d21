import type { InstallStatus } from "@mp/contracts";
import type { Pool, PoolClient } from "@mp/db";
import type { ClaimedInstall, InstallUpdateRepository, TrackedInstall } from "../application/ports";

interface Row {
  install_id: string;
  organisation_id: string;
  device_id: string;
  release_id: string;
  update_id: string | null;
  status: InstallStatus;
  detail: string | null;
  attempt_count: number;
  version: number;
  failures: number;
  queued_at: Date;
}

const toInstall = (row: Row): TrackedInstall => ({
  installId: row.install_id,
  organisationId: row.organisation_id,
  deviceId: row.device_id,
  releaseId: row.release_id,
  updateId: row.update_id,
  status: row.status,
  detail: row.detail,
  attemptCount: row.attempt_count,
  version: row.version,
  failures: row.failures,
  queuedAt: row.queued_at,
});

/** Tracked install updates in PostgreSQL; a claim is a lease (`next_poll_at` pushed ahead), not a lock held. */
export function makeInstallUpdateRepository(pool: Pool): InstallUpdateRepository {
  return {
    async get(db, installId) {
      const { rows } = await db.query<Row>("SELECT * FROM install_updates WHERE install_id = $1", [
        installId,
      ]);
      return rows[0] && toInstall(rows[0]);
    },
    async insert(tx: PoolClient, i: TrackedInstall, nextPollAt: Date) {
      await tx.query(
        `INSERT INTO install_updates (install_id, organisation_id, device_id, release_id, update_id, status,
                                      detail, attempt_count, version, next_poll_at, queued_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11)`,
        [
          i.installId,
          i.organisationId,
          i.deviceId,
          i.releaseId,
          i.updateId,
          i.status,
          i.detail,
          i.attemptCount,
          i.version,
          nextPollAt,
          i.queuedAt,
        ],
      );
    },
    async claimDue(limit, leaseMs) {
      // The lease end, truncated to whole milliseconds, is the round's token (a JS Date holds no more).
      const { rows } = await pool.query<Row & { next_poll_at: Date }>(
        `UPDATE install_updates
            SET next_poll_at = date_trunc('milliseconds',
                                          now() + make_interval(secs => $2::double precision / 1000))
          WHERE install_id IN (
            SELECT install_id FROM install_updates
             WHERE status IN ('queued', 'sent', 'expired') AND update_id IS NOT NULL AND next_poll_at <= now()
             ORDER BY next_poll_at
             LIMIT $1
             FOR UPDATE SKIP LOCKED)
          RETURNING *`,
        [limit, leaseMs],
      );
      return rows.map((row): ClaimedInstall => ({ ...toInstall(row), leaseUntil: row.next_poll_at }));
    },
    async followed() {
      const { rows } = await pool.query<{ followed: number; due_in_ms: number | null }>(
        `SELECT count(*)::int AS followed,
                GREATEST(0, extract(epoch FROM min(next_poll_at) - now()) * 1000)::float8 AS due_in_ms
           FROM install_updates
          WHERE status IN ('queued', 'sent', 'expired') AND update_id IS NOT NULL`,
      );
      return { followed: rows[0]?.followed ?? 0, dueInMs: rows[0]?.due_in_ms ?? null };
    },
    async renewLease(installIds, leaseUntil, leaseMs) {
      const { rows } = await pool.query<{ install_id: string; next_poll_at: Date }>(
        `UPDATE install_updates
            SET next_poll_at = date_trunc('milliseconds',
                                          now() + make_interval(secs => $3::double precision / 1000))
          WHERE install_id = ANY($1::uuid[]) AND next_poll_at = $2
          RETURNING install_id, next_poll_at`,
        [installIds, leaseUntil, leaseMs],
      );
      return {
        installIds: rows.map((r) => r.install_id),
        leaseUntil: rows[0]?.next_poll_at ?? leaseUntil,
      };
    },
    async rescheduleMany(installIds, nextPollAt, leaseUntil) {
      if (installIds.length === 0) return;
      await pool.query(
        `UPDATE install_updates SET failures = 0, next_poll_at = $2
          WHERE install_id = ANY($1::uuid[]) AND ($3::timestamptz IS NULL OR next_poll_at = $3)`,
        [installIds, nextPollAt, leaseUntil ?? null],
      );
    },
    async advance(tx, installId, fromVersion, state, nextPollAt) {
      const { rowCount } = await tx.query(
        `UPDATE install_updates
            SET status = $3, detail = $4, attempt_count = $5, version = version + 1, failures = 0,
                next_poll_at = $6, updated_at = now()
          WHERE install_id = $1 AND version = $2`,
        [installId, fromVersion, state.status, state.detail, state.attemptCount, nextPollAt],
      );
      return rowCount === 1;
    },
    async reschedule(installId, failures, nextPollAt, leaseUntil) {
      await pool.query(
        `UPDATE install_updates SET failures = $2, next_poll_at = $3
          WHERE install_id = $1 AND ($4::timestamptz IS NULL OR next_poll_at = $4)`,
        [installId, failures, nextPollAt, leaseUntil ?? null],
      );
    },
  };
}
