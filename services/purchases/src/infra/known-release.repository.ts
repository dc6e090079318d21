import { applyIfNewer } from "@mp/bus";
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
});

export function makeKnownReleaseRepository(): KnownReleaseRepository {
  return {
    remember: (tx, release) =>
      applyIfNewer(tx, {
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
        },
      }),
    ofVersion: async (db, marketplaceItemId, releaseVersion) => {
      const { rows } = await db.query<Row>(
        `SELECT id, marketplace_item_id, release_version, board_id, size_bytes, status, sha256, object_key
         FROM known_releases WHERE marketplace_item_id = $1 AND release_version = $2`,
        [marketplaceItemId, releaseVersion],
      );
      return rows.map(toRelease);
    },
  };
}
