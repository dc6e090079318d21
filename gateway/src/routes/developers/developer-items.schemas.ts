import { z } from "zod";
import {
  guid,
  guidInput,
  httpsUrlInput,
  limitOffsetList,
  limitOffsetQuery,
  Money,
  MoneyInput,
  multiLine,
  paged,
  pageQuery,
  queryInt,
  singleLine,
  timestamp,
} from "../common.schemas";
import { Asset, Board, ItemImage, ItemRelease, ItemStatus, ItemType } from "../shared/item.schemas";

export const ApplicationParams = z.object({
  applicationId: queryInt(1, 2_147_483_647).describe("IoT application id (the platform's integer id)."),
});

export const IotApplication = z
  .object({
    applicationId: z.int(),
    name: z.string(),
    description: z.string(),
    createdAt: timestamp,
    marketplaceItemId: guid.optional().describe("Present when the application has an item in the instance."),
    marketplaceItemStatus: ItemStatus.optional(),
  })
  .meta({ id: "IotApplication", description: "An application of the organisation on the IoT platform." });

export const IotApplicationList = limitOffsetList(IotApplication);

export const ApplicationsQuery = z.object({
  marketplaceInstanceId: guidInput("Instance whose item links to report.").optional(),
  ...limitOffsetQuery(),
});

export const IotRelease = z
  .object({
    releaseId: z.string(),
    applicationId: z.int(),
    version: z.string().describe("`major.minor.revision+build`, build as 8 hex digits."),
    board: Board,
    sizeBytes: z.int().min(0),
    crc32: z.string().describe("CRC-32 of the binary, 8 hex digits."),
    createdAt: timestamp,
  })
  .meta({ id: "IotRelease", description: "A release of an application on the IoT platform." });

export const IotReleaseList = limitOffsetList(IotRelease);
export const ReleasesLimitQuery = z.object(limitOffsetQuery());

const UnmetCondition = z
  .enum(["displayName", "basePrice", "release"])
  .describe("A condition of publishing: a display name, a base price, an available release.");

export const ItemMetadata = z
  .object({
    displayName: z.string().nullable(),
    description: z.string().nullable(),
    algorithmType: z.string().nullable(),
    licenseUrl: z.url().nullable(),
    eulaUrl: z.url().nullable(),
    createdAt: timestamp,
  })
  .meta({ id: "ItemMetadata", description: "One appended metadata record; the newest is in force." });

export const DeveloperItem = z
  .object({
    id: guid,
    type: ItemType,
    organisationId: guid,
    marketplaceInstanceId: guid,
    infuseIotApplicationId: z.int(),
    status: ItemStatus,
    createdAt: timestamp,
    updatedAt: timestamp,
    publishedAt: timestamp.nullable(),
    metadata: ItemMetadata,
    icon: Asset.nullable().describe("The item's icon; null until one is set."),
    images: z.array(ItemImage),
    basePrice: Money.nullable(),
    releaseCount: z.int().min(0),
    latestVersion: z.string().nullable(),
    readiness: z
      .object({
        ready: z.boolean().describe("Every condition of publishing is met."),
        unmet: z.array(UnmetCondition).describe("The conditions still unmet; empty when ready."),
      })
      .describe("Whether the item can be published, and what is missing."),
  })
  .meta({ id: "DeveloperItem", description: "A marketplace item as its developer sees it." });

export const DeveloperItemPage = paged(DeveloperItem);

export const CreateItemBody = z.strictObject({
  marketplaceInstanceId: guidInput("Developer instance to create the item in."),
  type: ItemType.optional().describe("Default `app`."),
});

export const DeveloperItemsQuery = z.object({
  marketplaceInstanceId: guidInput("Only items of this instance.").optional(),
  type: ItemType.optional(),
  status: ItemStatus.optional(),
  search: singleLine().trim().min(1).max(200).optional().describe("Matches displayName and description."),
  ...pageQuery(["createdAt", "updatedAt", "displayName"]),
});

export const ItemParams = z.object({ id: guidInput("Marketplace item id (guid, any case).") });

const httpsUrl = httpsUrlInput(2048).nullable().optional();

export const MetadataBody = z.strictObject({
  displayName: singleLine()
    .trim()
    .min(1)
    .max(80)
    .nullable()
    .optional()
    .describe("1..80 characters after trimming."),
  description: multiLine()
    .max(4000)
    .nullable()
    .optional()
    .describe("<= 4000 characters; tab, LF and CR allowed (multi-line text)."),
  algorithmType: singleLine().max(64).nullable().optional().describe("<= 64 characters."),
  licenseUrl: httpsUrl.describe("Absolute https URL, <= 2048 characters; stored, never fetched."),
  eulaUrl: httpsUrl.describe("Absolute https URL, <= 2048 characters; stored, never fetched."),
});

export const MetadataPage = paged(ItemMetadata);

/**
 * The body of a status change (publish, unpublish, retire), which takes none: an absent body or `{}` is
 * accepted, any member is a 400 naming it, so a client cannot believe it passed an option.
 */
export const NoBody = z
  // fastify reports a missing body as null, like a JSON `null`; both mean "nothing sent" here.
  .preprocess((body) => (body === null ? undefined : body), z.strictObject({}).optional())
  .describe("No body: omit it or send `{}`. Any member is a 400 naming it.");
export const CreatedAtPageQuery = z.object(pageQuery(["createdAt"]));

export const AssetBody = z.strictObject({ assetId: guidInput("A finalised asset of the matching type.") });

export const ImageList = z.array(ItemImage);

export const ImageOrderBody = z.strictObject({
  assetIds: z
    .array(guidInput("Gallery image asset id."))
    .min(1)
    .max(8)
    .describe("A permutation of the current gallery."),
});

export const ImageParams = z.object({
  id: guidInput("Marketplace item id (guid, any case)."),
  assetId: guidInput("Gallery image asset id (guid, any case)."),
});

export const SelectReleaseBody = z.strictObject({
  releaseId: singleLine()
    .min(1)
    .max(128)
    .refine(
      (id) => id !== "." && id !== ".." && !id.includes("/") && !id.includes("\\"),
      "Must not be `.` or `..` or contain `/` or `\\`.",
    )
    .describe(
      "An IoT release of the item's application: 1..128 characters, no `/` or `\\`, not `.` or `..`.",
    ),
});

export const ItemReleasePage = paged(ItemRelease);
export const ItemReleasesQuery = z.object(pageQuery(["createdAt", "version"]));

export const PriceRecord = z
  .object({
    amount: z.int().min(0),
    currency: Money.shape.currency,
    effectiveFrom: timestamp,
    createdAt: timestamp,
  })
  .meta({ id: "BasePrice", description: "A developer base price record; 0 means free." });

export const PricePage = paged(PriceRecord);
export const PriceBody = MoneyInput;
