import type { IotApplication__Output } from "@mp/contracts/generated/marketplace/publishing/v1/IotApplication";
import type { IotRelease__Output } from "@mp/contracts/generated/marketplace/publishing/v1/IotRelease";
import type { ItemRelease__Output } from "@mp/contracts/generated/marketplace/publishing/v1/ItemRelease";
import type { ListIotApplicationsResponse__Output } from "@mp/contracts/generated/marketplace/publishing/v1/ListIotApplicationsResponse";
import type { ListIotReleasesResponse__Output } from "@mp/contracts/generated/marketplace/publishing/v1/ListIotReleasesResponse";
import type { ListItemReleasesResponse__Output } from "@mp/contracts/generated/marketplace/publishing/v1/ListItemReleasesResponse";
import type { z } from "zod";
import { isoTimestamp } from "../shared/timestamps";
import type {
  IotApplication,
  IotApplicationList,
  IotRelease,
  IotReleaseList,
} from "./developer-items.schemas";
import type { DeveloperItemRelease, DeveloperItemReleasePage } from "./developer-releases.schemas";

type ItemStatus = NonNullable<z.input<typeof IotApplication>["marketplaceItemStatus"]>;
type ReleaseStatus = z.input<typeof DeveloperItemRelease>["status"];

const iso = isoTimestamp;
const board = (b: { id: string; name: string; target: string } | null) => ({
  id: b?.id ?? "",
  name: b?.name ?? "",
  target: b?.target ?? "",
});

/** Proto messages stop here: link fields only when linked, CRC-32 as 8 hex digits, int64 as numbers. */
export function toIotApplication(message: IotApplication__Output): z.input<typeof IotApplication> {
  return {
    applicationId: message.applicationId,
    name: message.name,
    description: message.description,
    createdAt: iso(message.createdAt),
    ...(message.marketplaceItemId
      ? {
          marketplaceItemId: message.marketplaceItemId.toLowerCase(),
          marketplaceItemStatus: message.marketplaceItemStatus as ItemStatus,
        }
      : {}),
  };
}

export function toIotApplicationList(
  message: ListIotApplicationsResponse__Output,
): z.input<typeof IotApplicationList> {
  return {
    items: message.items.map(toIotApplication),
    limit: message.limit,
    offset: message.offset,
    hasMore: message.hasMore,
  };
}

export function toIotRelease(message: IotRelease__Output): z.input<typeof IotRelease> {
  return {
    releaseId: message.releaseId,
    applicationId: message.applicationId,
    version: message.version,
    board: board(message.board),
    sizeBytes: Number(message.sizeBytes),
    crc32: (message.crc32 >>> 0).toString(16).padStart(8, "0"),
    createdAt: iso(message.createdAt),
  };
}

export function toIotReleaseList(message: ListIotReleasesResponse__Output): z.input<typeof IotReleaseList> {
  return {
    items: message.items.map(toIotRelease),
    limit: message.limit,
    offset: message.offset,
    hasMore: message.hasMore,
  };
}

export function toItemRelease(message: ItemRelease__Output): z.input<typeof DeveloperItemRelease> {
  const status = message.status as ReleaseStatus;
  return {
    id: message.id.toLowerCase(),
    marketplaceItemId: message.marketplaceItemId.toLowerCase(),
    infuseIotReleaseId: message.infuseIotReleaseId,
    version: message.version,
    board: board(message.board),
    sizeBytes: Number(message.sizeBytes),
    sha256: message.sha256 ? message.sha256 : null,
    status,
    createdAt: iso(message.createdAt),
    ...(status === "failed" ? { failureReason: message.failureReason ?? "" } : {}),
  };
}

export function toItemReleasePage(
  message: ListItemReleasesResponse__Output,
): z.input<typeof DeveloperItemReleasePage> {
  return {
    items: message.items.map(toItemRelease),
    page: message.page,
    pageSize: message.pageSize,
    totalCount: message.totalCount,
    totalPages: message.totalPages,
  };
}
