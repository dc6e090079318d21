import { z } from "zod";
import { aggregateVersion } from "./versions";

/** The board a release is built for; installs later check a device's board against it. */
const board = z.object({ id: z.string(), name: z.string(), target: z.string() });

/**
 * What every item release event carries: enough for a storefront or install service to act alone.
 * `releaseVersion` is the release's own version string (`1.2.0+0000abcd`); `version` is the item release's
 * aggregate version (1 when added, +1 per status change).
 */
const itemReleaseFields = {
  itemReleaseId: z.uuid(),
  itemId: z.uuid(),
  organisationId: z.uuid(),
  marketplaceInstanceId: z.uuid(),
  infuseIotApplicationId: z.number().int(),
  infuseIotReleaseId: z.string(),
  releaseVersion: z.string(),
  board,
  sizeBytes: z.number().int().nonnegative(),
  version: aggregateVersion,
};

/** `publishing.item.release-added.v1`: a developer selected an IoT release; its binary is being copied. */
export const itemReleaseAddedV1 = {
  type: "publishing.item.release-added.v1",
  stream: "PUBLISHING",
  data: z.object({ ...itemReleaseFields, status: z.literal("preparing"), createdAt: z.iso.datetime() }),
} as const;
export type ItemReleaseAddedV1 = z.infer<typeof itemReleaseAddedV1.data>;

/** `publishing.item.release-available.v1`: the binary is stored and verified; installs may use it. */
export const itemReleaseAvailableV1 = {
  type: "publishing.item.release-available.v1",
  stream: "PUBLISHING",
  data: z.object({
    ...itemReleaseFields,
    status: z.literal("available"),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
    objectKey: z.string(),
    availableAt: z.iso.datetime(),
  }),
} as const;
export type ItemReleaseAvailableV1 = z.infer<typeof itemReleaseAvailableV1.data>;

/** `publishing.item.release-failed.v1`: the copy gave up; the release can never become available. */
export const itemReleaseFailedV1 = {
  type: "publishing.item.release-failed.v1",
  stream: "PUBLISHING",
  data: z.object({
    ...itemReleaseFields,
    status: z.literal("failed"),
    failureReason: z.string(),
    failedAt: z.iso.datetime(),
  }),
} as const;
export type ItemReleaseFailedV1 = z.infer<typeof itemReleaseFailedV1.data>;

/**
 * `publishing.item.release-snapshot.v1`: an item release as it is now, re-emitted on request
 * (`pnpm bus snapshot publishing`) with its current version; the fields of the status it is in are set.
 */
export const itemReleaseSnapshotV1 = {
  type: "publishing.item.release-snapshot.v1",
  stream: "PUBLISHING",
  data: z.object({
    ...itemReleaseFields,
    status: z.enum(["preparing", "available", "failed"]),
    createdAt: z.iso.datetime(),
    sha256: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .nullable(),
    /** Null until the adapter has said where it stores the binary. */
    objectKey: z.string().nullable(),
    failureReason: z.string().nullable(),
    updatedAt: z.iso.datetime(),
  }),
} as const;
export type ItemReleaseSnapshotV1 = z.infer<typeof itemReleaseSnapshotV1.data>;

/** Every event carrying an item release's state: what a projection of item releases subscribes to. */
export const ITEM_RELEASE_EVENTS = [
  itemReleaseSnapshotV1,
  itemReleaseAddedV1,
  itemReleaseAvailableV1,
  itemReleaseFailedV1,
] as const;

/**
 * Parses any of `ITEM_RELEASE_EVENTS`. The snapshot first: it is the only shape with `updatedAt`, so no
 * event parses as another's.
 */
export const itemReleaseState = z.union([
  itemReleaseSnapshotV1.data,
  itemReleaseAddedV1.data,
  itemReleaseAvailableV1.data,
  itemReleaseFailedV1.data,
]);
export type ItemReleaseEvent = z.infer<typeof itemReleaseState>;
