import { z } from "zod";
import {
  guid,
  guidInput,
  Money,
  paged,
  pageQueryWithoutDefaultOrder,
  singleLine,
  timestamp,
} from "../common.schemas";
import { DeviceIdInput, ItemImage, ItemType, ListingPrice } from "../shared/item.schemas";

export const ListedItem = z
  .object({
    id: guid,
    type: ItemType,
    organisationId: guid.describe("The developer organisation."),
    marketplaceInstanceId: guid.describe(
      "The instance the item is listed in (items belong to one instance).",
    ),
    createdAt: timestamp,
    displayName: z.string(),
    description: z.string().nullable(),
    iconUrl: z.url().nullable(),
    images: z.array(ItemImage),
    licenseUrl: z.url().nullable(),
    eulaUrl: z.url().nullable(),
    latestVersion: z.string().nullable(),
    fromPrice: Money.describe("The lowest current public listing price."),
    listings: z.array(ListingPrice).describe("Every enabled public listing of the item."),
  })
  .meta({
    id: "ListedItem",
    description: "A published item with at least one enabled, public listing in the instance.",
  });

export const ListedItemPage = paged(ListedItem);

/** The catalogue list's query; the provider's offered-items list takes the same one. */
export const CatalogueQuery = z.object({
  marketplaceInstanceId: guidInput("Instance whose catalogue to read.").optional(),
  type: ItemType.optional(),
  search: singleLine()
    .trim()
    .min(1)
    .max(200)
    .optional()
    .describe(
      "Full text over displayName and description: accent- and case-insensitive, prefix, typo-tolerant.",
    ),
  ...pageQueryWithoutDefaultOrder(
    ["relevance", "createdAt", "displayName", "price"],
    "default `relevance` with `search`, `createdAt` without.",
  ),
});

export const ItemIdParams = z.object({ id: guidInput("Marketplace item id (guid, any case).") });

export const InstanceQuery = z.object({
  marketplaceInstanceId: guidInput("Instance the item is listed in."),
});

export const DownloadAccessParams = z.object({
  marketplaceItemId: guidInput("Marketplace item id (guid, any case)."),
  version: singleLine().min(1).max(64).describe("Release version, e.g. `1.4.0+0a1b2c3d`."),
});

export const DownloadAccessQuery = z.object({ deviceId: DeviceIdInput });

export const DownloadAccess = z
  .object({
    eligible: z.boolean().describe("The device may download the release now."),
    reason: z
      .enum([
        "not-purchased",
        "purchase-not-active",
        "version-not-found",
        "incompatible",
        "not-device-owner",
        "preparing",
      ])
      .optional()
      .describe("Why the device may not download, when `eligible` is false."),
    download: z
      .object({
        url: z.url().describe("Presigned GET, valid 5 minutes."),
        method: z.literal("GET").describe("The HTTP method of the download: always `GET`."),
        expiresAt: timestamp.describe("When `url` stops working."),
        sizeBytes: z.int().min(0),
        sha256: z.string(),
      })
      .optional()
      .describe("How to download the release; present when `eligible`."),
  })
  .meta({
    id: "DownloadAccess",
    description: "Whether a device may download a release of an item, and how.",
  });
