import type { Pool, PoolClient } from "@mp/db";
import type { CopyJobRepository, NewCopyJob } from "../application/ports";
import type { CopyJob, CopyJobStatus, Measured } from "../domain/copy-job";

interface CopyJobRow {
  id: string;
  organisation_id: string;
  application_id: string;
  release_id: string;
  object_key: string;
  correlation_id: string;
  status: CopyJobStatus;
  attempts: number;
  last_error: string | null;
  size_bytes: string;
  crc32: string;
  sha256: string | null;
  created_at: Date;
  updated_at: Date;
}

const toJob = (row: CopyJobRow): CopyJob => ({
  id: row.id,
  organisationId: row.organisation_id,
  applicationId: Number(row.application_id),
  releaseId: row.release_id,
  objectKey: row.object_key,
  correlationId: row.correlation_id,
  status: row.status,
  attempts: row.attempts,
  lastError: row.last_error,
  sizeBytes: Number(row.size_bytes),
  crc32: Number(row.crc32),
  sha256: row.sha256,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/**
 * Copy jobs in PostgreSQL. A claim is a lease (`locked_until`), not an open transaction, so a download
 * holds no connection; a worker that dies mid-copy leaves a lease that simply expires.
 */
export function makeCopyJobRepository(pool: Pool): CopyJobRepository {
  return {
    async insertOrGet(job: NewCopyJob) {
      const inserted = await pool.query<CopyJobRow>(
        `INSERT INTO copy_jobs (id, organisation_id, application_id, release_id, object_key, correlation_id,
                                size_bytes, crc32, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)
         ON CONFLICT (organisation_id, correlation_id) DO NOTHING
         RETURNING *`,
        [
          job.id,
          job.organisationId,
          job.applicationId,
          job.releaseId,
          job.objectKey,
          job.correlationId,
          job.sizeBytes,
          job.crc32,
          job.createdAt,
        ],
      );
      if (inserted.rows[0]) return toJob(inserted.rows[0]);
      const existing = await pool.query<CopyJobRow>(
        "SELECT * FROM copy_jobs WHERE organisation_id = $1 AND correlation_id = $2",
        [job.organisationId, job.correlationId],
      );
      if (!existing.rows[0]) throw new Error("copy job vanished between insert and read");
      return toJob(existing.rows[0]);
    },

    async claimNext(leaseMs: number) {
      const { rows } = await pool.query<CopyJobRow>(
        `UPDATE copy_jobs
            SET attempts = attempts + 1, locked_until = now() + make_interval(secs => $1::double precision / 1000),
                updated_at = now()
          WHERE id = (
            SELECT id FROM copy_jobs
             WHERE status = 'queued' AND next_attempt_at <= now()
               AND (locked_until IS NULL OR locked_until < now())
             ORDER BY next_attempt_at, id
             FOR UPDATE SKIP LOCKED
             LIMIT 1)
          RETURNING *`,
        [leaseMs],
      );
      return rows[0] ? toJob(rows[0]) : undefined;
    },

    async markStored(tx: PoolClient, id: string, measured: Measured, now: Date) {
      const result = await tx.query(
        `UPDATE copy_jobs SET status = 'stored', sha256 = $2, size_bytes = $3, crc32 = $4, last_error = NULL,
                locked_until = NULL, updated_at = $5
          WHERE id = $1 AND status = 'queued'`,
        [id, measured.sha256, measured.sizeBytes, measured.crc32 >>> 0, now],
      );
      return result.rowCount === 1;
    },

    async markFailed(tx: PoolClient, id: string, reason: string, now: Date) {
      const result = await tx.query(
        `UPDATE copy_jobs SET status = 'failed', last_error = $2, locked_until = NULL, updated_at = $3
          WHERE id = $1 AND status = 'queued'`,
        [id, reason, now],
      );
      return result.rowCount === 1;
    },

    async scheduleRetry(id: string, error: string, delayMs: number) {
      await pool.query(
        `UPDATE copy_jobs SET last_error = $2, locked_until = NULL,
                next_attempt_at = now() + make_interval(secs => $3::double precision / 1000), updated_at = now()
          WHERE id = $1 AND status = 'queued'`,
        [id, error, delayMs],
      );
    },
  };
}
