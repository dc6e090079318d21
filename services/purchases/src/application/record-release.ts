import type { EventEnvelope } from "@mp/bus";
import type { ItemReleaseEvent } from "@mp/contracts";
import type { PoolClient } from "@mp/db";
import type { KnownReleaseRepository } from "./ports";

/**
 * Handler of every publishing.item.release-*.v1 event: keeps the release's board, size, status and (once
 * available) digest and object key, when its version is newer than the one held.
 */
export function makeRecordRelease(deps: { releases: KnownReleaseRepository }) {
  return async ({ data }: EventEnvelope<ItemReleaseEvent>, tx: PoolClient): Promise<void> => {
    await deps.releases.remember(tx, {
      id: data.itemReleaseId,
      marketplaceItemId: data.itemId,
      releaseVersion: data.releaseVersion,
      boardId: data.board.id.toLowerCase(),
      sizeBytes: data.sizeBytes,
      status: data.status,
      sha256: "sha256" in data ? data.sha256 : null,
      objectKey: "objectKey" in data ? data.objectKey : null,
      iotApplicationId: data.infuseIotApplicationId,
      iotReleaseId: data.infuseIotReleaseId,
      boardName: data.board.name,
      boardTarget: data.board.target,
      createdAt: "createdAt" in data ? new Date(data.createdAt) : null,
      version: data.version,
    });
  };
}
