import { type Pool, type PoolClient, paged, pageWindow } from "@mp/db";
import type { ClaimedInstall, Rollout, RolloutDevice, RolloutRepository } from "../application/rollout-ports";
import type { InstallStatus } from "../domain/install";
import {
  countsOf,
  deviceStatusOfInstall,
  type RolloutCounts,
  type RolloutDeviceStatus,
  type RolloutStatus,
  type SkipReason,
} from "../domain/rollout";

interface RolloutRow {
  id: string;
  provider_organisation_id: string;
  marketplace_item_id: string;
  version: string;
  livemode: boolean;
  status: RolloutStatus;
  first_wave: number;
  growth: number;
  failure_threshold_percent: number;
  max_in_flight: number;
  current_wave: number;
  wave_count: number;
  failed_at_resume: number;
  succeeded_at_resume: number;
  last_event_id: string;
  created_at: Date;
  updated_at: Date;
  finished_at: Date | null;
}

const toRollout = (r: RolloutRow): Rollout => ({
  id: r.id,
  providerOrganisationId: r.provider_organisation_id,
  marketplaceItemId: r.marketplace_item_id,
  version: r.version,
  livemode: r.livemode,
  status: r.status,
  firstWave: r.first_wave,
  growth: r.growth,
  failureThresholdPercent: r.failure_threshold_percent,
  maxInFlight: r.max_in_flight,
  currentWave: r.current_wave,
  waveCount: r.wave_count,
  failedAtResume: r.failed_at_resume,
  succeededAtResume: r.succeeded_at_resume,
  lastEventId: Number(r.last_event_id),
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  finishedAt: r.finished_at,
});

interface DeviceRow {
  device_id: string;
  ordinal: number;
  wave: number | null;
  status: RolloutDeviceStatus;
  skip_reason: SkipReason | null;
  failure_code: string | null;
  detail: string | null;
  install_id: string | null;
  rpc_id: string | null;
  started_at: Date | null;
  finished_at: Date | null;
}

const COUNTS_SQL = `SELECT status, count(*)::int AS count FROM rollout_devices WHERE rollout_id = $1 GROUP BY status`;

/**
 * Rollouts in PostgreSQL. The scheduler's writes run in the caller's transaction under the rollout row's
 * lock (`lock`), so one replica at a time advances a rollout and a device is claimed (given its install id)
 * exactly once.
 */
export function makeRolloutRepository(pool: Pool): RolloutRepository {
  const countsWith = async (db: Pool | PoolClient, rolloutId: string): Promise<RolloutCounts> =>
    countsOf((await db.query<{ status: RolloutDeviceStatus; count: number }>(COUNTS_SQL, [rolloutId])).rows);

  return {
    async insert(tx, r, devices, creation) {
      const { rowCount } = await tx.query(
        `INSERT INTO rollouts (id, provider_organisation_id, marketplace_item_id, version, livemode, status, first_wave,
                               growth, failure_threshold_percent, max_in_flight, current_wave, wave_count,
                               created_at, updated_at, finished_at, creation_key, creation_digest)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13, $14, $15, $16)
         ON CONFLICT (provider_organisation_id, creation_key) WHERE creation_key IS NOT NULL DO NOTHING`,
        [
          r.id,
          r.providerOrganisationId,
          r.marketplaceItemId,
          r.version,
          r.livemode,
          r.status,
          r.firstWave,
          r.growth,
          r.failureThresholdPercent,
          r.maxInFlight,
          r.currentWave,
          r.waveCount,
          r.createdAt,
          r.finishedAt,
          creation?.key ?? null,
          creation?.digest ?? null,
        ],
      );
      if (rowCount === 0) return false;
      // One statement for every device (up to 10,000), from arrays.
      await tx.query(
        `INSERT INTO rollout_devices (rollout_id, device_id, ordinal, wave, status, skip_reason, purchase_id,
                                      release_id, updated_at)
         SELECT $1, d.device_id, d.ordinal, d.wave, CASE WHEN d.wave IS NULL THEN 'skipped' ELSE 'queued' END,
                d.skip_reason, d.purchase_id, d.release_id, $2
           FROM unnest($3::text[], $4::int[], $5::int[], $6::text[], $7::uuid[], $8::text[])
                AS d (device_id, ordinal, wave, skip_reason, purchase_id, release_id)`,
        [
          r.id,
          r.createdAt,
          devices.map((d) => d.deviceId),
          devices.map((_, i) => i + 1),
          devices.map((d) => d.wave),
          devices.map((d) => d.skipReason),
          devices.map((d) => d.purchaseId),
          devices.map((d) => d.releaseId),
        ],
      );
      return true;
    },

    async findByCreationKey(organisationId, key) {
      const { rows } = await pool.query<RolloutRow & { creation_digest: string | null }>(
        "SELECT * FROM rollouts WHERE provider_organisation_id = $1 AND creation_key = $2",
        [organisationId, key],
      );
      const row = rows[0];
      if (!row) return undefined;
      return {
        view: { ...toRollout(row), counts: await countsWith(pool, row.id) },
        digest: row.creation_digest,
      };
    },

    async lock(tx, id, { skipLocked }) {
      const { rows } = await tx.query<RolloutRow>(
        `SELECT * FROM rollouts WHERE id = $1 FOR UPDATE${skipLocked ? " SKIP LOCKED" : ""}`,
        [id],
      );
      return rows[0] ? toRollout(rows[0]) : undefined;
    },

    async update(tx, r) {
      await tx.query(
        `UPDATE rollouts SET status = $2, current_wave = $3, failed_at_resume = $4, succeeded_at_resume = $5,
                             updated_at = $6, finished_at = $7
          WHERE id = $1`,
        [r.id, r.status, r.currentWave, r.failedAtResume, r.succeededAtResume, r.updatedAt, r.finishedAt],
      );
    },

    counts: (db, rolloutId) => countsWith(db ?? pool, rolloutId),

    async openInWave(tx, rolloutId, wave) {
      const { rows } = await tx.query<{ open: number }>(
        `SELECT count(*)::int AS open FROM rollout_devices
          WHERE rollout_id = $1 AND wave = $2 AND status IN ('queued', 'in_progress')`,
        [rolloutId, wave],
      );
      return rows[0]?.open ?? 0;
    },

    async claim(tx, r, wave, limit, now, newId) {
      const { rows } = await tx.query<{
        device_id: string;
        purchase_id: string;
        release_id: string;
        purchase_status: string | null;
        display_name: string | null;
      }>(
        `SELECT d.device_id, d.purchase_id, d.release_id, p.status AS purchase_status,
                COALESCE(i.display_name, p.display_name) AS display_name
           FROM rollout_devices d
           LEFT JOIN purchases p ON p.id = d.purchase_id
           LEFT JOIN known_items i ON i.id = p.marketplace_item_id
          WHERE d.rollout_id = $1 AND d.status = 'queued' AND d.wave = $2
          ORDER BY d.ordinal
          LIMIT $3
          FOR UPDATE OF d SKIP LOCKED`,
        [r.id, wave, limit],
      );
      const started: ClaimedInstall[] = [];
      const refused: string[] = [];
      for (const row of rows) {
        if (row.purchase_status !== "completed") {
          await tx.query(
            `UPDATE rollout_devices SET status = 'failed', failure_code = 'purchase-not-active', started_at = $3,
                                        finished_at = $3, updated_at = $3
              WHERE rollout_id = $1 AND device_id = $2`,
            [r.id, row.device_id, now],
          );
          refused.push(row.device_id);
          continue;
        }
        // The single install's row: a new one, or the in-flight install of the same device, item and
        // version (the partial unique index), which the rollout then follows.
        const install = await tx.query<{ id: string; rpc_id: string | null; status: InstallStatus }>(
          `WITH inserted AS (
             INSERT INTO installs (id, provider_organisation_id, purchase_id, livemode, device_id, marketplace_item_id,
                                   display_name, version, release_id, status, queued_at, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'queued', $10, $10)
             ON CONFLICT (provider_organisation_id, device_id, marketplace_item_id, version)
               WHERE status IN ('queued', 'sent') DO NOTHING
             RETURNING id, rpc_id, status)
           SELECT * FROM inserted
           UNION ALL
           SELECT id, rpc_id, status FROM installs
            WHERE provider_organisation_id = $2 AND device_id = $5 AND marketplace_item_id = $6 AND version = $8
              AND status IN ('queued', 'sent') AND NOT EXISTS (SELECT 1 FROM inserted)`,
          [
            newId(),
            r.providerOrganisationId,
            row.purchase_id,
            r.livemode,
            row.device_id,
            r.marketplaceItemId,
            row.display_name ?? "",
            r.version,
            row.release_id,
            now,
          ],
        );
        const installRow = install.rows[0];
        if (!installRow) throw new Error(`could not insert or read the install of device ${row.device_id}`);
        await tx.query(
          `UPDATE rollout_devices SET status = 'in_progress', install_id = $3, started_at = $4, updated_at = $4
            WHERE rollout_id = $1 AND device_id = $2`,
          [r.id, row.device_id, installRow.id, now],
        );
        started.push({
          rolloutId: r.id,
          organisationId: r.providerOrganisationId,
          installId: installRow.id,
          deviceId: row.device_id,
          releaseId: row.release_id,
          rpcId: installRow.rpc_id,
        });
      }
      return { started, refused };
    },

    async cancelQueued(tx, rolloutId, now) {
      const { rows } = await tx.query<{ device_id: string }>(
        `UPDATE rollout_devices SET status = 'cancelled', finished_at = $2, updated_at = $2
          WHERE rollout_id = $1 AND status = 'queued' RETURNING device_id`,
        [rolloutId, now],
      );
      return rows.map((r) => r.device_id);
    },

    async syncFromInstall(tx, installId, now, failureOverride) {
      const { rows } = await tx.query<{
        rollout_id: string;
        device_id: string;
        device_status: RolloutDeviceStatus;
        install_status: InstallStatus;
        detail: string | null;
      }>(
        `SELECT d.rollout_id, d.device_id, d.status AS device_status, i.status AS install_status, i.detail
           FROM rollout_devices d JOIN installs i ON i.id = d.install_id
          WHERE d.install_id = $1 AND d.status = 'in_progress'
          FOR UPDATE OF d`,
        [installId],
      );
      const row = rows[0];
      if (!row) return undefined;
      const status = deviceStatusOfInstall(row.install_status);
      if (status === "in_progress") return undefined;
      const failureCode = status === "failed" ? (failureOverride ?? row.install_status) : null;
      await tx.query(
        `UPDATE rollout_devices SET status = $3, failure_code = $4, detail = $5, finished_at = $6, updated_at = $6
          WHERE rollout_id = $1 AND device_id = $2`,
        [row.rollout_id, row.device_id, status, failureCode, status === "failed" ? row.detail : null, now],
      );
      return {
        rolloutId: row.rollout_id,
        deviceId: row.device_id,
        status,
        failureCode,
        installStatus: row.install_status,
      };
    },

    async appendEvents(tx, rolloutId, events, at) {
      if (events.length === 0) return 0;
      const { rows } = await tx.query<{ last_event_id: string }>(
        "UPDATE rollouts SET last_event_id = last_event_id + $2 WHERE id = $1 RETURNING last_event_id",
        [rolloutId, events.length],
      );
      const last = Number(rows[0]?.last_event_id ?? 0);
      const first = last - events.length + 1;
      await tx.query(
        `INSERT INTO rollout_events (rollout_id, id, type, data, at)
         SELECT $1, e.id, e.type, e.data, $5
           FROM unnest($2::bigint[], $3::text[], $4::jsonb[]) AS e (id, type, data)`,
        [
          rolloutId,
          events.map((_, i) => first + i),
          events.map((e) => e.type),
          events.map((e) => JSON.stringify(e.data)),
          at,
        ],
      );
      return last;
    },

    async finishedInFlight(limit) {
      const { rows } = await pool.query<{ install_id: string }>(
        `SELECT d.install_id FROM rollout_devices d JOIN installs i ON i.id = d.install_id
          WHERE d.status = 'in_progress' AND i.status NOT IN ('queued', 'sent')
          LIMIT $1`,
        [limit],
      );
      return rows.map((r) => r.install_id);
    },

    async running(limit) {
      const { rows } = await pool.query<{ id: string }>(
        "SELECT id FROM rollouts WHERE status = 'running' ORDER BY updated_at LIMIT $1",
        [limit],
      );
      return rows.map((r) => r.id);
    },

    async unqueued(olderThan, limit) {
      const { rows } = await pool.query<{
        rollout_id: string;
        provider_organisation_id: string;
        install_id: string;
        device_id: string;
        release_id: string;
      }>(
        // Taken (SKIP LOCKED) and stamped in one statement: one replica asks again, and not before
        // another ROLLOUT_REQUEUE_AFTER_MS (an adapter refusing every call is not asked every tick).
        `WITH due AS (
           SELECT d.rollout_id, d.device_id, i.provider_organisation_id, i.id AS install_id, i.release_id
             FROM rollout_devices d JOIN installs i ON i.id = d.install_id
            WHERE d.status = 'in_progress' AND i.rpc_id IS NULL AND i.status = 'queued'
              AND COALESCE(d.queue_attempted_at, d.started_at) < $1
            ORDER BY COALESCE(d.queue_attempted_at, d.started_at)
            LIMIT $2
            FOR UPDATE OF d SKIP LOCKED)
         UPDATE rollout_devices d SET queue_attempted_at = now()
           FROM due
          WHERE d.rollout_id = due.rollout_id AND d.device_id = due.device_id
         RETURNING due.rollout_id, due.provider_organisation_id, due.install_id, due.device_id, due.release_id`,
        [olderThan, limit],
      );
      return rows.map((r) => ({
        rolloutId: r.rollout_id,
        organisationId: r.provider_organisation_id,
        installId: r.install_id,
        deviceId: r.device_id,
        releaseId: r.release_id,
        rpcId: null,
      }));
    },

    async get(organisationId, id) {
      const { rows } = await pool.query<RolloutRow>(
        "SELECT * FROM rollouts WHERE id = $1 AND provider_organisation_id = $2",
        [id, organisationId],
      );
      if (!rows[0]) return undefined;
      return { ...toRollout(rows[0]), counts: await countsWith(pool, id) };
    },

    async list(organisationId, query) {
      const { limit, offset } = pageWindow(query.page, query.pageSize);
      const direction = query.direction === "asc" ? "ASC" : "DESC";
      const params: unknown[] = [organisationId, limit, offset];
      const statusFilter = query.status ? "AND status = $4" : "";
      if (query.status) params.push(query.status);
      const { rows } = await pool.query<RolloutRow>(
        `SELECT * FROM rollouts
          WHERE provider_organisation_id = $1 ${statusFilter}
          ORDER BY created_at ${direction}, id ${direction}
          LIMIT $2 OFFSET $3`,
        params,
      );
      const counted = await pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM rollouts WHERE provider_organisation_id = $1 ${query.status ? "AND status = $2" : ""}`,
        query.status ? [organisationId, query.status] : [organisationId],
      );
      const counts = await pool.query<{ rollout_id: string; status: RolloutDeviceStatus; count: number }>(
        `SELECT rollout_id, status, count(*)::int AS count FROM rollout_devices
          WHERE rollout_id = ANY($1::uuid[]) GROUP BY rollout_id, status`,
        [rows.map((r) => r.id)],
      );
      const items = rows.map((r) => ({
        ...toRollout(r),
        counts: countsOf(counts.rows.filter((c) => c.rollout_id === r.id)),
      }));
      const total = counted.rows[0]?.n ?? 0;
      return paged(items, query.page, query.pageSize, total);
    },

    async devices(rolloutId, query) {
      const { limit, offset } = pageWindow(query.page, query.pageSize);
      const params: unknown[] = [rolloutId, limit, offset];
      const statusFilter = query.status ? "AND d.status = $4" : "";
      if (query.status) params.push(query.status);
      const { rows } = await pool.query<DeviceRow>(
        `SELECT d.device_id, d.ordinal, d.wave, d.status, d.skip_reason, d.failure_code, d.detail, d.install_id,
                i.rpc_id, d.started_at, d.finished_at
           FROM rollout_devices d LEFT JOIN installs i ON i.id = d.install_id
          WHERE d.rollout_id = $1 ${statusFilter}
          ORDER BY d.ordinal ${query.direction === "desc" ? "DESC" : "ASC"}
          LIMIT $2 OFFSET $3`,
        params,
      );
      const total = await pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM rollout_devices d WHERE d.rollout_id = $1 ${query.status ? "AND d.status = $2" : ""}`,
        query.status ? [rolloutId, query.status] : [rolloutId],
      );
      const items: RolloutDevice[] = rows.map((d) => ({
        deviceId: d.device_id,
        ordinal: d.ordinal,
        wave: d.wave,
        status: d.status,
        skipReason: d.skip_reason,
        failureCode: d.failure_code,
        detail: d.detail,
        installId: d.install_id,
        rpcId: d.rpc_id,
        startedAt: d.started_at,
        finishedAt: d.finished_at,
      }));
      return paged(items, query.page, query.pageSize, total.rows[0]?.n ?? 0);
    },

    async events(rolloutId, afterId, limit) {
      const { rows } = await pool.query<{
        id: string;
        type: string;
        data: Record<string, unknown>;
        at: Date;
      }>(
        "SELECT id, type, data, at FROM rollout_events WHERE rollout_id = $1 AND id > $2 ORDER BY id LIMIT $3",
        [rolloutId, afterId, limit],
      );
      return rows.map((e) => ({ id: Number(e.id), type: e.type, data: e.data, at: e.at }));
    },
  };
}

/**
 * The device of each completed purchase of an item by the organisation's listings, in one mode (the
 * newest purchase when a device has several).
 */
export function makeCompletedPurchases(pool: Pool) {
  return async (q: {
    providerOrganisationId: string;
    marketplaceItemId: string;
    livemode: boolean;
  }): Promise<Map<string, string>> => {
    const { rows } = await pool.query<{ device_id: string; id: string }>(
      `SELECT DISTINCT ON (device_id) device_id, id FROM purchases
        WHERE provider_organisation_id = $1 AND marketplace_item_id = $2 AND livemode = $3 AND status = 'completed'
        ORDER BY device_id, purchased_at DESC`,
      [q.providerOrganisationId, q.marketplaceItemId, q.livemode],
    );
    return new Map(rows.map((r) => [r.device_id, r.id]));
  };
}
