import { type EventEnvelope, newEvent } from "@mp/bus";
import {
  type ItemReleaseAddedV1,
  type ItemReleaseAvailableV1,
  type ItemReleaseFailedV1,
  type ItemReleaseSnapshotV1,
  itemReleaseAddedV1,
  itemReleaseAvailableV1,
  itemReleaseFailedV1,
  itemReleaseSnapshotV1,
} from "@mp/contracts";
import type { ItemRelease } from "../domain/item-release";

const SOURCE = "publishing";

/**
 * `version` is the item release's aggregate version: 1 for the selection, then what
 * `ItemReleaseRepository.update` returned for the change the event announces.
 */
function common(release: ItemRelease, marketplaceInstanceId: string, version: number) {
  return {
    itemReleaseId: release.id,
    itemId: release.itemId,
    organisationId: release.organisationId,
    marketplaceInstanceId,
    infuseIotApplicationId: release.infuseIotApplicationId,
    infuseIotReleaseId: release.infuseIotReleaseId,
    releaseVersion: release.version,
    board: release.board,
    sizeBytes: release.sizeBytes,
    version,
  };
}

/** Lets later services show a release as coming before its binary is stored. */
export function releaseAddedEvent(
  release: ItemRelease,
  instanceId: string,
): EventEnvelope<ItemReleaseAddedV1> {
  return newEvent(
    itemReleaseAddedV1.type,
    SOURCE,
    { ...common(release, instanceId, 1), status: "preparing", createdAt: release.createdAt.toISOString() },
    release.createdAt,
  );
}

/** Carries the object key and digest, so an install service can hand out the binary without asking. */
export function releaseAvailableEvent(
  release: ItemRelease,
  instanceId: string,
  version: number,
): EventEnvelope<ItemReleaseAvailableV1> {
  return newEvent(
    itemReleaseAvailableV1.type,
    SOURCE,
    {
      ...common(release, instanceId, version),
      status: "available",
      sha256: release.sha256 ?? "",
      objectKey: release.objectKey ?? "",
      availableAt: release.updatedAt.toISOString(),
    },
    release.updatedAt,
  );
}

/** Final: the release will never become installable. */
export function releaseFailedEvent(
  release: ItemRelease,
  instanceId: string,
  version: number,
): EventEnvelope<ItemReleaseFailedV1> {
  return newEvent(
    itemReleaseFailedV1.type,
    SOURCE,
    {
      ...common(release, instanceId, version),
      status: "failed",
      failureReason: release.failureReason ?? "",
      failedAt: release.updatedAt.toISOString(),
    },
    release.updatedAt,
  );
}

/** The release as it is now, with its current version (`pnpm bus snapshot publishing`). */
export function releaseSnapshotEvent(
  release: ItemRelease,
  instanceId: string,
  version: number,
): EventEnvelope<ItemReleaseSnapshotV1> {
  return newEvent(itemReleaseSnapshotV1.type, SOURCE, {
    ...common(release, instanceId, version),
    status: release.status,
    createdAt: release.createdAt.toISOString(),
    sha256: release.sha256,
    objectKey: release.objectKey,
    failureReason: release.failureReason,
    updatedAt: release.updatedAt.toISOString(),
  });
}
