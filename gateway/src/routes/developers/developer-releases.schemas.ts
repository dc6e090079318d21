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
    .describe(
      "Why the binary could not be copied or verified, as a fixed code; present only when `status` is `failed`. `not-found`: the IoT platform no longer has the binary; `size-mismatch` / `checksum-mismatch`: the copy is not the advertised length / CRC32; `too-large`: the download ran past the advertised length; `upstream-unavailable`: the platform answered in a way a retry will not change; `retries-exhausted`: the platform or storage stayed unavailable; `copy-refused`: the copy request was refused; `copy-failed`: any other reason.",
    ),
}).meta({
  id: "DeveloperItemRelease",
  description:
    "An IoT release selected for an item: `preparing` while its binary is copied from the IoT platform, `available` once stored and verified (`sha256` set), `failed` (final, with `failureReason`) otherwise. Select another release to retry.",
});

export const DeveloperItemReleasePage = paged(DeveloperItemRelease);
