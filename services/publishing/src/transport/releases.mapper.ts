import type { IotApplication__Output } from "@mp/contracts/generated/marketplace/publishing/v1/IotApplication";
import type { IotRelease__Output } from "@mp/contracts/generated/marketplace/publishing/v1/IotRelease";
import type { ItemRelease__Output } from "@mp/contracts/generated/marketplace/publishing/v1/ItemRelease";
import type { ListItemReleasesResponse__Output } from "@mp/contracts/generated/marketplace/publishing/v1/ListItemReleasesResponse";
import type { Paged } from "@mp/db";
import type { IotApplicationView } from "../application/list-iot-release-applications";
import type { IotReleaseInfo } from "../application/release-ports";
import type { ItemRelease } from "../domain/item-release";

/** Proto types stop here: the domain never sees them. Absent optional fields mean "none" on the REST side. */
export function toIotApplicationMessage(app: IotApplicationView): IotApplication__Output {
  return {
    applicationId: app.applicationId,
    name: app.name,
    description: app.description,
    createdAt: app.createdAt,
    ...(app.marketplaceItemId
      ? { marketplaceItemId: app.marketplaceItemId, marketplaceItemStatus: app.marketplaceItemStatus }
      : {}),
  };
}

export function toIotReleaseMessage(release: IotReleaseInfo): IotRelease__Output {
  return {
    releaseId: release.releaseId,
    applicationId: release.applicationId,
    version: release.version,
    board: release.board,
    sizeBytes: String(release.sizeBytes),
    crc32: release.crc32,
    createdAt: release.createdAt,
  };
}

export function toItemReleaseMessage(release: ItemRelease): ItemRelease__Output {
  return {
    id: release.id,
    marketplaceItemId: release.itemId,
    infuseIotReleaseId: release.infuseIotReleaseId,
    version: release.version,
    board: release.board,
    sizeBytes: String(release.sizeBytes),
    ...(release.sha256 ? { sha256: release.sha256 } : {}),
    status: release.status,
    createdAt: release.createdAt.toISOString(),
    ...(release.status === "failed" ? { failureReason: release.failureReason ?? "" } : {}),
  };
}

export function toItemReleasePageMessage(page: Paged<ItemRelease>): ListItemReleasesResponse__Output {
  return {
    items: page.items.map(toItemReleaseMessage),
    page: page.page,
    pageSize: page.pageSize,
    totalCount: page.totalCount,
    totalPages: page.totalPages,
  };
}
