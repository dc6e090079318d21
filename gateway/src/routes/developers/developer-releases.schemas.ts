import { z } from "zod";
import { paged } from "../common.schemas";
import { ItemRelease } from "../shared/item.schemas";

/**
 * The developer's view of an item release: the shared ItemRelease plus `failureReason`, which only the
 * item's developer sees (buyers never see failed releases).
 */
export const DeveloperItemRelease = ItemRelease.extend({
  failureReason: z
    .string()
    .optional()
    .describe("Why the binary could not be copied or verified; present only when `status` is `failed`."),
}).meta({
  id: "DeveloperItemRelease",
  description:
    "An IoT release selected for an item: `preparing` while its binary is copied from the IoT platform, `available` once stored and verified (`sha256` set), `failed` (final, with `failureReason`) otherwise. Select another release to retry.",
});

export const DeveloperItemReleasePage = paged(DeveloperItemRelease);
