import { z } from "zod";
import { onlyVersion } from "./versions";

/**
 * `assets.asset.finalised.v1`: the stored object was checked and the asset is ready to attach. A ready
 * asset never changes again, so this is its only event (`version` 1).
 */
export const assetFinalisedV1 = {
  type: "assets.asset.finalised.v1",
  stream: "ASSETS",
  data: z.object({
    id: z.uuid(),
    organisationId: z.uuid(),
    assetType: z.enum(["icon", "image"]),
    mimeType: z.enum(["image/png", "image/jpeg"]),
    fileName: z.string(),
    sizeBytes: z.number().int().positive(),
    width: z.number().int().positive(),
    height: z.number().int().positive(),
    objectKey: z.string(),
    finalisedAt: z.iso.datetime(),
    version: onlyVersion,
  }),
} as const;
export type AssetFinalisedV1 = z.infer<typeof assetFinalisedV1.data>;
