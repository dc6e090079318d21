import { type Paged, type Pool, type PoolClient, paged, pageWindow, type Queryable } from "@mp/db";
import { ConflictError } from "@mp/errors";
import type { ItemReleaseRepository, ListItemReleasesQuery, PendingCopy } from "../application/release-ports";
import {
  type ItemRelease,
  type ItemReleaseStatus,
  toFailureCode,
  versionSortKey,
} from "../domain/item-release";

interface ItemReleaseRow {
  id: string;
  item_id: string;
  organisation_id: string;
  infuse_iot_application_id: number;
  infuse_iot_release_id: string;
  version: string;
  board_id: string;
  board_name: string;
  board_target: string;
  size_bytes: string;
  crc32: string;
  sha256: string | null;
  object_key: string | null;
  status: ItemReleaseStatus;
  failure_reason: string | null;
  copy_attempts: number;
  created_at: Date;
  updated_at: Date;
}

const toRelease = (row: ItemReleaseRow): ItemRelease => ({
  id: row.id,
  itemId: row.item_id,
  organisationId: row.organisation_id,
  infuseIotApplicationId: row.infuse_iot_application_id,
  infuseIotReleaseId: row.infuse_iot_release_id,
  version: row.version,
  board: { id: row.board_id, name: row.board_name, target: row.board_target },
  sizeBytes: Number(row.size_bytes),
  crc32: Number(row.crc32),
  sha256: row.sha256,
  objectKey: row.object_key,
  status: row.status,
  failureReason: row.failure_reason === null ? null : toFailureCode(row.failure_reason),
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/** ORDER BY per contract orderBy value; ids break ties so pages never overlap or skip rows. */
const ORDER_SQL = {
  createdAt: { asc: "created_at ASC, id ASC", desc: "created_at DESC, id DESC" },
  version: { asc: "version_key ASC, id ASC", desc: "version_key DESC, id DESC" },
} as const;

/** How long the select use case has to get its own copy request accepted before the retry loop steps in. */
export const FIRST_RETRY_AFTER_MS = 10_000;

const UNIQUE_VIOLATION = "23505";

export function makeItemReleaseRepository(pool: Pool): ItemReleaseRepository {
  return {
    async insert(tx: PoolClient, r: ItemRelease) {
      try {
        await tx.query(
          `INSERT INTO item_releases (id, item_id, organisation_id, infuse_iot_application_id,
             infuse_iot_release_id, version, version_key, board_id, board_name, board_target, size_bytes,
             crc32, sha256, object_key, status, failure_reason, copy_next_attempt_at, created_at, updated_at)
           VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19)`,
          [
            r.id,
            r.itemId,
            r.organisationId,
            r.infuseIotApplicationId,
            r.infuseIotReleaseId,
            r.version,
            versionSortKey(r.version),
            r.board.id,
            r.board.name,
            r.board.target,
            r.sizeBytes,
            r.crc32,
            r.sha256,
            r.objectKey,
            r.status,
            r.failureReason,
            new Date(r.createdAt.getTime() + FIRST_RETRY_AFTER_MS),
            r.createdAt,
            r.updatedAt,
          ],
        );
      } catch (error) {
        if ((error as { code?: string }).code === UNIQUE_VIOLATION)
          throw new ConflictError("invalid-state", "This IoT release is already selected for the item.", {
            extensions: { state: "selected" },
          });
        throw error;
      }
    },

    async getForUpdate(tx: Queryable, id: string) {
      const { rows } = await tx.query<ItemReleaseRow>(
        "SELECT * FROM item_releases WHERE id = $1 FOR UPDATE",
        [id],
      );
      return rows[0] ? toRelease(rows[0]) : undefined;
    },

    async update(tx: Queryable, r: ItemRelease) {
      const { rows } = await tx.query<{ aggregate_version: number }>(
        `UPDATE item_releases SET status = $2, sha256 = $3, size_bytes = $4, object_key = $5,
           failure_reason = $6, updated_at = $7, aggregate_version = aggregate_version + 1
         WHERE id = $1 RETURNING aggregate_version`,
        [r.id, r.status, r.sha256, r.sizeBytes, r.objectKey, r.failureReason, r.updatedAt],
      );
      if (!rows[0]) throw new Error(`item release ${r.id} vanished while being changed`);
      return rows[0].aggregate_version;
    },

    async listForItem(itemId: string, query: ListItemReleasesQuery): Promise<Paged<ItemRelease>> {
      const { limit, offset } = pageWindow(query.page, query.pageSize);
      const order = ORDER_SQL[query.orderBy][query.direction];
      const { rows } = await pool.query<ItemReleaseRow & { total: string }>(
        `SELECT *, count(*) OVER () AS total FROM item_releases WHERE item_id = $1
         ORDER BY ${order} LIMIT $2 OFFSET $3`,
        [itemId, limit, offset],
      );
      const total = rows[0]
        ? Number(rows[0].total)
        : Number(
            (
              await pool.query<{ n: string }>("SELECT count(*) AS n FROM item_releases WHERE item_id = $1", [
                itemId,
              ])
            ).rows[0]?.n ?? 0,
          );
      return paged(rows.map(toRelease), query.page, query.pageSize, total);
    },

    async markCopyRequested(id: string) {
      await pool.query(
        "UPDATE item_releases SET copy_requested_at = now() WHERE id = $1 AND copy_requested_at IS NULL",
        [id],
      );
    },

    async claimDueCopies(limit: number, leaseMs: number): Promise<PendingCopy[]> {
      const { rows } = await pool.query<ItemReleaseRow>(
        `UPDATE item_releases SET copy_next_attempt_at = now() + make_interval(secs => $2::double precision / 1000)
         WHERE id IN (
           SELECT id FROM item_releases
           WHERE status = 'preparing' AND copy_requested_at IS NULL AND copy_next_attempt_at <= now()
           ORDER BY copy_next_attempt_at LIMIT $1 FOR UPDATE SKIP LOCKED)
         RETURNING *`,
        [limit, leaseMs],
      );
      return rows.map((row) => ({ release: toRelease(row), attempts: row.copy_attempts }));
    },

    async scheduleCopyRetry(id: string, attempts: number, at: Date) {
      await pool.query(
        "UPDATE item_releases SET copy_attempts = $2, copy_next_attempt_at = $3 WHERE id = $1",
        [id, attempts, at],
      );
    },
  };
}
