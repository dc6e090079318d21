import { z } from "zod";

/** The board a release is built for; installs later check a device's board against it. */
const board = z.object({ id: z.string(), name: z.string(), target: z.string() });

/** What every item release event carries: enough for a storefront or install service to act alone. */
const itemReleaseFields = {
  itemReleaseId: z.uuid(),
  itemId: z.uuid(),
  organisationId: z.uuid(),
  marketplaceInstanceId: z.uuid(),
  infuseIotApplicationId: z.number().int(),
  infuseIotReleaseId: z.string(),
  version: z.string(),
  board,
  sizeBytes: z.number().int().nonnegative(),
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
