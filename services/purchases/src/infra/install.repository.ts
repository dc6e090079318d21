import type { Pool, PoolClient } from "@mp/db";
import type { Install, InstallRepository, InstallStep } from "../application/ports";
import type { InstallStatus } from "../domain/install";

interface Row {
  id: string;
  provider_organisation_id: string;
  purchase_id: string;
  livemode: boolean;
  device_id: string;
  marketplace_item_id: string;
  display_name: string;
  version: string;
  release_id: string;
  rpc_id: string | null;
  status: InstallStatus;
  detail: string | null;
  attempt_count: number;
  status_version: number;
  queued_at: Date;
  updated_at: Date;
}

const toInstall = (row: Row): Install => ({
  id: row.id,
  providerOrganisationId: row.provider_organisation_id,
  purchaseId: row.purchase_id,
  livemode: row.livemode,
  deviceId: row.device_id,
  marketplaceItemId: row.marketplace_item_id,
  displayName: row.display_name,
  version: row.version,
  releaseId: row.release_id,
  rpcId: row.rpc_id,
  status: row.status,
  detail: row.detail,
  attemptCount: row.attempt_count,
  statusVersion: row.status_version,
  queuedAt: row.queued_at,
  updatedAt: row.updated_at,
});

/**
 * Installs and their status history. One in-flight install per (organisation, device, item, version) is
 * a partial unique index, so concurrent Install calls share a row without reading first.
 */
export function makeInstallRepository(pool: Pool): InstallRepository {
  return {
    async insertOrInFlight(i) {
      // A loop, not a single statement: the in-flight row may settle between the insert and the read.
      for (let attempt = 0; attempt < 5; attempt++) {
        const inserted = await pool.query<Row>(
          `INSERT INTO installs (id, provider_organisation_id, purchase_id, livemode, device_id, marketplace_item_id,
                                 display_name, version, release_id, status, queued_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'queued', $10, $10)
           ON CONFLICT (provider_organisation_id, device_id, marketplace_item_id, version)
             WHERE status IN ('queued', 'sent') DO NOTHING
           RETURNING *`,
          [
            i.id,
            i.providerOrganisationId,
            i.purchaseId,
            i.livemode,
            i.deviceId,
            i.marketplaceItemId,
            i.displayName,
            i.version,
            i.releaseId,
            i.queuedAt,
          ],
        );
        if (inserted.rows[0]) return toInstall(inserted.rows[0]);
        const existing = await pool.query<Row>(
          `SELECT * FROM installs
            WHERE provider_organisation_id = $1 AND device_id = $2 AND marketplace_item_id = $3 AND version = $4
              AND status IN ('queued', 'sent')`,
          [i.providerOrganisationId, i.deviceId, i.marketplaceItemId, i.version],
        );
        if (existing.rows[0]) return toInstall(existing.rows[0]);
      }
      throw new Error("could not insert or read the in-flight install");
    },

    async queued(installId, q) {
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        const { rows } = await client.query<Row>(
          `UPDATE installs
              SET rpc_id = $2,
                  status = CASE WHEN status_version = 0 THEN $3 ELSE status END,
                  updated_at = CASE WHEN status_version = 0 THEN $4 ELSE updated_at END
            WHERE id = $1
            RETURNING *`,
          [installId, q.rpcId, q.status, q.queuedAt],
        );
        await client.query(
          "INSERT INTO install_history (install_id, version, status, at) VALUES ($1, 1, $2, $3) ON CONFLICT DO NOTHING",
          [installId, q.status, q.queuedAt],
        );
        await client.query("COMMIT");
        if (!rows[0]) throw new Error(`install ${installId} vanished`);
        return toInstall(rows[0]);
      } catch (error) {
        await client.query("ROLLBACK").catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },

    async refused(installId, detail) {
      await pool.query(
        "UPDATE installs SET status = 'failed', detail = $2, updated_at = now() WHERE id = $1 AND rpc_id IS NULL",
        [installId, detail],
      );
    },

    async applyStatus(tx: PoolClient, c) {
      const known = await tx.query<{ status_version: number }>(
        "SELECT status_version FROM installs WHERE id = $1 FOR UPDATE",
        [c.installId],
      );
      if (!known.rows[0]) return "unknown";
      await tx.query(
        "INSERT INTO install_history (install_id, version, status, at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING",
        [c.installId, c.version, c.status, c.at],
      );
      if (known.rows[0].status_version >= c.version) return "stale";
      await tx.query(
        `UPDATE installs SET status = $2, detail = $3, attempt_count = $4, status_version = $5, updated_at = $6,
                             rpc_id = COALESCE(rpc_id, $7)
          WHERE id = $1`,
        [c.installId, c.status, c.detail, c.attemptCount, c.version, c.at, c.rpcId],
      );
      return "applied";
    },

    async byRpcId(organisationId, rpcId) {
      const { rows } = await pool.query<Row>(
        "SELECT * FROM installs WHERE rpc_id = $1 AND provider_organisation_id = $2",
        [rpcId, organisationId],
      );
      if (!rows[0]) return undefined;
      const history = await pool.query<{ status: InstallStatus; at: Date }>(
        "SELECT status, at FROM install_history WHERE install_id = $1 ORDER BY version",
        [rows[0].id],
      );
      const steps: InstallStep[] = history.rows.map((h) => ({ status: h.status, at: h.at }));
      return { ...toInstall(rows[0]), history: steps };
    },

    async recentOfDevice(organisationId, deviceId, limit) {
      const { rows } = await pool.query<Row>(
        `SELECT * FROM installs WHERE provider_organisation_id = $1 AND device_id = $2
          ORDER BY queued_at DESC, id DESC LIMIT $3`,
        [organisationId, deviceId, limit],
      );
      return rows.map(toInstall);
    },
  };
}
