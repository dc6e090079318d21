import type { ItemRelease__Output } from "@mp/contracts/generated/marketplace/catalogue/v1/ItemRelease";
import type { Money__Output } from "@mp/contracts/generated/marketplace/catalogue/v1/Money";
import type { Storefront__Output } from "@mp/contracts/generated/marketplace/catalogue/v1/Storefront";
import type { z } from "zod";
import type { ItemImage, ItemRelease, ItemType } from "./item.schemas";
import { isoTimestamp } from "./timestamps";

/** Proto messages of the catalogue's item views stop here: ids lowercased, timestamps normalised. */

const iso = isoTimestamp;

/** int64 arrives as a decimal string; money stays integer minor units. */
export function toMoney(money: Money__Output | null): { amount: number; currency: string } {
  return { amount: Number(money?.amount ?? 0), currency: money?.currency ?? "" };
}

export function toStorefront(item: Storefront__Output | null) {
  if (!item) throw new Error("The catalogue answered an item without its storefront.");
  return {
    id: item.id.toLowerCase(),
    type: item.type as z.infer<typeof ItemType>,
    marketplaceInstanceId: item.marketplaceInstanceId.toLowerCase(),
    createdAt: iso(item.createdAt),
    displayName: item.displayName,
    description: item.description ?? null,
    iconUrl: item.iconUrl ?? null,
    images: item.images.map(
      (image): z.input<typeof ItemImage> => ({
        assetId: image.assetId.toLowerCase(),
        position: image.position,
        url: image.url,
        width: image.width,
        height: image.height,
        mimeType: image.mimeType as z.input<typeof ItemImage>["mimeType"],
      }),
    ),
    licenseUrl: item.licenseUrl ?? null,
    eulaUrl: item.eulaUrl ?? null,
    latestVersion: item.latestVersion ?? null,
  };
}

export function toCatalogueRelease(release: ItemRelease__Output): z.input<typeof ItemRelease> {
  return {
    id: release.id.toLowerCase(),
    marketplaceItemId: release.marketplaceItemId.toLowerCase(),
    infuseIotReleaseId: release.infuseIotReleaseId,
    version: release.version,
    board: release.board ?? { id: "", name: "", target: "" },
    sizeBytes: Number(release.sizeBytes),
    sha256: release.sha256 ?? null,
    status: release.status as z.input<typeof ItemRelease>["status"],
    createdAt: iso(release.createdAt),
  };
}

/** A page/pageSize list message mapped item by item. */
export function toPage<M, T>(
  message: { items: M[]; page: number; pageSize: number; totalCount: number; totalPages: number },
  map: (item: M) => T,
) {
  const { page, pageSize, totalCount, totalPages } = message;
  return { items: message.items.map(map), page, pageSize, totalCount, totalPages };
}
