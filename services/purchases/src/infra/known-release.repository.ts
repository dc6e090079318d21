import { applyIfNewer } from "@mp/bus";
import { paged, pageWindow } from "@mp/db";
import type { KnownRelease, KnownReleaseRepository } from "../application/ports";
import type { ReleaseStatus } from "../domain/download-access";

interface Row {
  id: string;
  marketplace_item_id: string;
  release_version: string;
  board_id: string;
  size_bytes: string;
  status: ReleaseStatus;
  sha256: string | null;
  object_key: string | null;
  iot_application_id: string | null;
  iot_release_id: string | null;
  board_name: string | null;
  board_target: string | null;
  created_at: Date | null;
}

const toRelease = (row: Row): KnownRelease => ({
  id: row.id,
  marketplaceItemId: row.marketplace_item_id,
  releaseVersion: row.release_version,
  boardId: row.board_id,
  sizeBytes: Number(row.size_bytes),
  status: row.status,
  sha256: row.sha256,
  objectKey: row.object_key,
  iotApplicationId: row.iot_application_id === null ? null : Number(row.iot_application_id),
  iotReleaseId: row.iot_release_id,
  boardName: row.board_name,
  boardTarget: row.board_target,
  createdAt: row.created_at,
});

const COLUMNS = `id, marketplace_item_id, release_version, board_id, size_bytes, status, sha256, object_key,
  iot_application_id, iot_release_id, board_name, board_target, created_at`;

/** Orders of an item's releases; ties (and version strings) fall back to the id, so pages are stable. */
const ORDER = {
  createdAt: "created_at",
  version: "release_version",
} as const;

export function makeKnownReleaseRepository(): KnownReleaseRepository {
  return {
    remember: async (tx, release) => {
      const applied = await applyIfNewer(tx, {
        table: "known_releases",
        key: { id: release.id },
        version: release.version,
        values: {
          marketplace_item_id: release.marketplaceItemId,
          release_version: release.releaseVersion,
          board_id: release.boardId,
          size_bytes: release.sizeBytes,
          status: release.status,
          sha256: release.sha256,
          object_key: release.objectKey,
          iot_application_id: release.iotApplicationId,
          iot_release_id: release.iotReleaseId,
          board_name: release.boardName,
          board_target: release.boardTarget,
        },
      });
      if (release.createdAt)
        await tx.query("UPDATE known_releases SET created_at = COALESCE(created_at, $2) WHERE id = $1", [
          release.id,
          release.createdAt,
        ]);
      return applied;
    },
    ofVersion: async (db, marketplaceItemId, releaseVersion) => {
      const { rows } = await db.query<Row>(
        `SELECT ${COLUMNS} FROM known_releases WHERE marketplace_item_id = $1 AND release_version = $2`,
        [marketplaceItemId, releaseVersion],
      );
      return rows.map(toRelease);
    },
    ofItem: async (db, marketplaceItemId, query) => {
      const { limit, offset } = pageWindow(query.page, query.pageSize);
      const direction = query.direction === "asc" ? "ASC" : "DESC";
      const [{ rows }, count] = await Promise.all([
        db.query<Row>(
          `SELECT ${COLUMNS} FROM known_releases WHERE marketplace_item_id = $1
           ORDER BY ${ORDER[query.orderBy]} ${direction} NULLS LAST, id ${direction}
           LIMIT ${limit} OFFSET ${offset}`,
          [marketplaceItemId],
        ),
        db.query<{ total: string }>(
          "SELECT count(*) AS total FROM known_releases WHERE marketplace_item_id = $1",
          [marketplaceItemId],
        ),
      ]);
      return paged(rows.map(toRelease), query.page, query.pageSize, Number(count.rows[0]?.total ?? 0));
    },
  };
}
