import { z } from "zod";
import { guid, guidInput, timestamp } from "../common.schemas";
import { ImageMimeType } from "../shared/item.schemas";

export const UploadSessionBody = z.strictObject({
  assetType: z.enum(["icon", "image"]).describe("`icon` goes to `/icon`, `image` to `/images`."),
  mimeType: ImageMimeType,
  fileName: z.string().trim().min(1).max(255),
});

export const UploadSession = z
  .object({
    assetId: guid,
    uploadUri: z.url().describe("Presigned object-storage PUT, valid 15 minutes, bound to the content type."),
    uploadMethod: z.literal("PUT"),
    uploadHeaders: z.object({ "Content-Type": z.string() }),
    expiresAt: timestamp,
  })
  .meta({ id: "UploadSession", description: "Where to PUT the file; it never passes through the API." });

export const AssetParams = z.object({ assetId: guidInput("Asset id (guid, any case).") });

export const FinaliseBody = z.strictObject({
  assetId: guidInput("Must equal the path's asset id."),
  sizeBytes: z
    .int()
    .min(1)
    .max(5 * 1024 * 1024)
    .describe("<= 1 MiB for an icon, <= 5 MiB for an image."),
  width: z.int().min(1).max(4096).describe("Pixels: icons square 128..1024, images 320..4096 per side."),
  height: z.int().min(1).max(4096),
});
