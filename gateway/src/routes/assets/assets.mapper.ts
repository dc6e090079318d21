import type { Asset__Output } from "@mp/contracts/generated/marketplace/assets/v1/Asset";
import type { UploadSession__Output } from "@mp/contracts/generated/marketplace/assets/v1/UploadSession";
import type { z } from "zod";
import type { Asset } from "../shared/item.schemas";
import { isoTimestamp } from "../shared/timestamps";
import type { UploadSession } from "./assets.schemas";

type AssetDto = z.input<typeof Asset>;
type UploadSessionDto = z.input<typeof UploadSession>;

/** Proto messages stop here: ids lowercased, timestamps in the contract's form, no url as null. */
export function toAsset(message: Asset__Output): AssetDto {
  return {
    id: message.id.toLowerCase(),
    assetType: message.assetType as AssetDto["assetType"],
    mimeType: message.mimeType as AssetDto["mimeType"],
    fileName: message.fileName,
    sizeBytes: Number(message.sizeBytes),
    width: message.width,
    height: message.height,
    status: message.status as AssetDto["status"],
    url: message.url === "" ? null : message.url,
    createdAt: isoTimestamp(message.createdAt),
  };
}

export function toUploadSession(message: UploadSession__Output): UploadSessionDto {
  return {
    assetId: message.assetId.toLowerCase(),
    uploadUri: message.uploadUri,
    uploadMethod: "PUT",
    uploadHeaders: {
      "Content-Type": message.uploadHeaders[
        "Content-Type"
      ] as UploadSessionDto["uploadHeaders"]["Content-Type"],
    },
    expiresAt: isoTimestamp(message.expiresAt),
  };
}
