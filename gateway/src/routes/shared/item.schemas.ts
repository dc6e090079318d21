import { z } from "zod";
import { guid, Money, singleLine, timestamp } from "../common.schemas";

/** Shapes shared by the developer, provider and public views of an item (contract section 4). */

export const ItemType = z.enum(["app", "algorithm"]).meta({
  id: "MarketplaceItemType",
  description:
    "`app`: a deployable application package for a board; `algorithm`: a deployable algorithm package.",
});

export const ItemStatus = z.enum(["draft", "published", "unpublished", "retired"]).meta({
  id: "MarketplaceItemStatus",
  description: "`retired` is final.",
});

export const Board = z
  .object({
    id: z
      .string()
      .describe("The IoT platform's board id.")
      .meta({ examples: ["nrf9160dk"] }),
    name: z
      .string()
      .describe("The board's name.")
      .meta({ examples: ["nRF9160 DK"] }),
    target: z
      .string()
      .describe("The board's build target.")
      .meta({ examples: ["nrf9160dk/nrf9160/ns"] }),
  })
  .meta({ id: "Board", description: "A device board a release is built for." });

export const ImageMimeType = z.enum(["image/png", "image/jpeg"]).describe("The image's content type.");

export const ItemImage = z
  .object({
    assetId: guid,
    position: z.int().min(0).describe("0-based display position."),
    url: z.url().describe("Short-lived presigned GET, or a CDN address."),
    width: z.int().min(1),
    height: z.int().min(1),
    mimeType: ImageMimeType,
  })
  .meta({ id: "ItemImage", description: "A gallery image, in display order." });

export const Asset = z
  .object({
    id: guid,
    assetType: z.enum(["icon", "image"]).describe("`icon`: the item's icon; `image`: a gallery image."),
    mimeType: ImageMimeType,
    fileName: z.string(),
    sizeBytes: z.int().min(0),
    width: z.int().min(1),
    height: z.int().min(1),
    status: z
      .enum(["pending", "ready", "rejected"])
      .describe("`pending` until finalised; `ready` once its checks passed; `rejected` (final) otherwise."),
    url: z.url().nullable().describe("Short-lived presigned GET once ready."),
    createdAt: timestamp,
  })
  .meta({ id: "Asset", description: "An uploaded icon or gallery image." });

export const ItemRelease = z
  .object({
    id: guid,
    marketplaceItemId: guid,
    infuseIotReleaseId: z.string(),
    version: z.string().describe("`major.minor.revision+build`, build as 8 hex digits."),
    board: Board,
    sizeBytes: z.int().min(0),
    sha256: z.string().nullable().describe("Hex digest of the stored binary; null while preparing."),
    status: z
      .enum(["preparing", "available", "failed"])
      .describe(
        "`preparing` while the binary is copied; `available` once stored and verified; `failed` (final).",
      ),
    createdAt: timestamp,
  })
  .meta({
    id: "ItemRelease",
    description: "An IoT release selected for an item; `available` once its binary is stored and verified.",
  });

export const ListingVisibility = z.enum(["public", "private"]).meta({
  id: "ListingVisibility",
  description: "`private` listings are left out of catalogues but can still be bought through their id.",
});

export const ListingPrice = z
  .object({ listingId: guid, providerOrganisationId: guid, price: Money.describe("The listing's price.") })
  .describe("One provider's public listing of the item and its price.");

/** IoT device ids are the platform's 16 hex characters. */
export const DeviceIdInput = singleLine()
  .regex(/^[0-9A-Fa-f]{16}$/, "Expected a device id of 16 hex characters.")
  .describe("IoT device id (16 hex characters).");
