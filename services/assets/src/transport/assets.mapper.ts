import type { Asset__Output } from "@mp/contracts/generated/marketplace/assets/v1/Asset";
import type { UploadSession__Output } from "@mp/contracts/generated/marketplace/assets/v1/UploadSession";
import type { UploadSession } from "../application/create-upload-session";
import type { AssetView } from "../application/ports";

/** Proto types stop here: the domain never sees them. Unknown numbers (not finalised) travel as 0. */
export function toAssetMessage({ asset, url }: AssetView): Asset__Output {
  return {
    id: asset.id,
    organisationId: asset.organisationId,
    assetType: asset.assetType,
    mimeType: asset.mimeType,
    fileName: asset.fileName,
    sizeBytes: String(asset.sizeBytes ?? 0),
    width: asset.width ?? 0,
    height: asset.height ?? 0,
    status: asset.status,
    url: url ?? "",
    createdAt: asset.createdAt.toISOString(),
  };
}

export function toUploadSessionMessage(session: UploadSession): UploadSession__Output {
  return {
    assetId: session.asset.id,
    uploadUri: session.uploadUri,
    uploadMethod: "PUT",
    uploadHeaders: session.uploadHeaders,
    expiresAt: session.asset.expiresAt.toISOString(),
  };
}
