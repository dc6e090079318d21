import { z } from "zod";
import { aggregateVersion } from "./versions";

/**
 * The storefront snapshot every `publishing.item.*.v1` event carries: everything catalogues, offerings
 * and listings need to show or gate an item, so consumers never call publishing back (contract section 7).
 * `basePrice.amount` is an integer in the currency's minor unit. `version` is the item's aggregate version:
 * apply a snapshot only when it is higher than the one held, whatever the event type.
 */
export const itemSnapshot = z.object({
  itemId: z.uuid(),
  organisationId: z.uuid(),
  marketplaceInstanceId: z.uuid(),
  infuseIotApplicationId: z.number().int(),
  type: z.enum(["app", "algorithm"]),
  status: z.enum(["draft", "published", "unpublished", "retired"]),
  displayName: z.string().nullable(),
  description: z.string().nullable(),
  algorithmType: z.string().nullable(),
  licenseUrl: z.string().nullable(),
  eulaUrl: z.string().nullable(),
  iconAssetId: z.uuid().nullable(),
  imageAssetIds: z.array(z.uuid()),
  basePrice: z.object({ amount: z.number().int().min(0), currency: z.string().length(3) }).nullable(),
  latestVersion: z.string().nullable(),
  publishedAt: z.iso.datetime().nullable(),
  /** When the item was linked; absent only from events written before it was added to the snapshot. */
  createdAt: z.iso.datetime().optional(),
  occurredAt: z.iso.datetime(),
  version: aggregateVersion,
});
export type ItemSnapshotV1 = z.infer<typeof itemSnapshot>;

const itemEvent = <T extends string>(type: T) =>
  ({ type, stream: "PUBLISHING", data: itemSnapshot }) as const;

/** A developer linked an IoT application as a draft item. */
export const itemCreatedV1 = itemEvent("publishing.item.created.v1");
/** The storefront content changed: a metadata record was appended, or the icon or the gallery changed. */
export const itemMetadataUpdatedV1 = itemEvent("publishing.item.metadata-updated.v1");
/** The item became visible to instance admins for offering (draft/unpublished -> published). */
export const itemPublishedV1 = itemEvent("publishing.item.published.v1");
/** Hidden from catalogues; buyers keep downloads and installs. */
export const itemUnpublishedV1 = itemEvent("publishing.item.unpublished.v1");
/** Final: offerings are withdrawn and listings disabled by their owners on this event. */
export const itemRetiredV1 = itemEvent("publishing.item.retired.v1");
/** A new developer base price is in force (listings check their price against it). */
export const itemPriceSetV1 = itemEvent("publishing.item.price-set.v1");
/**
 * The item as it is now, re-emitted on request (`pnpm bus snapshot publishing`) with its current version,
 * so a consumer can rebuild once older events have left the stream. Handled like any other item event.
 */
export const itemSnapshotV1 = itemEvent("publishing.item.snapshot.v1");

/** Every event carrying the item snapshot: what an item read model subscribes to. */
export const ITEM_SNAPSHOT_EVENTS = [
  itemCreatedV1,
  itemMetadataUpdatedV1,
  itemPublishedV1,
  itemUnpublishedV1,
  itemRetiredV1,
  itemPriceSetV1,
  itemSnapshotV1,
] as const;
