import { type EventEnvelope, newEvent } from "@mp/bus";
import {
  type ItemReleaseAddedV1,
  type ItemReleaseAvailableV1,
  type ItemReleaseFailedV1,
  itemReleaseAddedV1,
  itemReleaseAvailableV1,
  itemReleaseFailedV1,
} from "@mp/contracts";
import type { ItemRelease } from "../domain/item-release";

const SOURCE = "publishing";

function common(release: ItemRelease, marketplaceInstanceId: string) {
  return {
    itemReleaseId: release.id,
    itemId: release.itemId,
    organisationId: release.organisationId,
    marketplaceInstanceId,
    infuseIotApplicationId: release.infuseIotApplicationId,
    infuseIotReleaseId: release.infuseIotReleaseId,
    version: release.version,
    board: release.board,
    sizeBytes: release.sizeBytes,
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
    { ...common(release, instanceId), status: "preparing", createdAt: release.createdAt.toISOString() },
    release.createdAt,
  );
}

/** Carries the object key and digest, so an install service can hand out the binary without asking. */
export function releaseAvailableEvent(
  release: ItemRelease,
  instanceId: string,
): EventEnvelope<ItemReleaseAvailableV1> {
  return newEvent(
    itemReleaseAvailableV1.type,
    SOURCE,
    {
      ...common(release, instanceId),
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
): EventEnvelope<ItemReleaseFailedV1> {
  return newEvent(
    itemReleaseFailedV1.type,
    SOURCE,
    {
      ...common(release, instanceId),
      status: "failed",
      failureReason: release.failureReason ?? "",
      failedAt: release.updatedAt.toISOString(),
    },
    release.updatedAt,
  );
}
