import { z } from "zod";
import { guid, guidInput, singleLine, timestamp } from "../common.schemas";
import { ImageMimeType } from "../shared/item.schemas";

export const UploadSessionBody = z.strictObject({
  assetType: z.enum(["icon", "image"]).describe("`icon` goes to `/icon`, `image` to `/images`."),
  mimeType: ImageMimeType,
  fileName: singleLine()
    .regex(/^[^/\\\u0080-\u009f]*$/, "Must not contain path separators or C1 control characters.")
    .trim()
    .min(1)
    .max(255)
    .describe("1..255 characters after trimming; no `/`, `\\` or control characters. A label only."),
});

export const UploadSession = z
  .object({
    assetId: guid,
    uploadUri: z.url().describe("Presigned object-storage PUT, valid 15 minutes, bound to the content type."),
    uploadMethod: z.literal("PUT").describe("The HTTP method of the upload: always `PUT`."),
    uploadHeaders: z
      .object({ "Content-Type": ImageMimeType })
      .describe("Send exactly these headers with the PUT: the signature covers them."),
    expiresAt: timestamp.describe("When the upload address stops working; finalise after it is 409."),
  })
  .meta({ id: "UploadSession", description: "Where to PUT the file; it never passes through the API." });

export const AssetParams = z.object({ assetId: guidInput("Asset id (guid, any case).") });

/**
 * Only the shape is checked here (positive integers that fit the wire types). The contract's bounds (size
 * limit, pixel ranges, squareness) are checks of the stored object: a breach is 409 `asset-invalid` with
 * its reasons from the assets service, never a 400.
 */
export const FinaliseBody = z.strictObject({
  assetId: guidInput("Must equal the path's asset id."),
  sizeBytes: z
    .int()
    .min(1)
    .describe("The uploaded file's size; over 1 MiB (icon) or 5 MiB (image) is 409 `asset-invalid`."),
  width: z
    .int32()
    .min(1)
    .describe("Pixels: icons square 128..1024, images 320..4096 per side (else 409 `asset-invalid`)."),
  height: z.int32().min(1).describe("Pixels; must match the uploaded image."),
});

/** The checks finalise can fail (named in `ProblemDetails.reasons`). */
export { AssetRejectionReason } from "../common.schemas";
