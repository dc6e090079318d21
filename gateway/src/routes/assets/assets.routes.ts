import { declarePending, responses, type ZodApp } from "../route-kit";
import { Asset } from "../shared/item.schemas";
import { AssetParams, FinaliseBody, UploadSession, UploadSessionBody } from "./assets.schemas";

/** Upload sessions for icons and gallery images (developer role; not built yet). */
export function assetsRoutes(app: ZodApp): void {
  const tags = ["Assets"];
  declarePending(app, {
    method: "POST",
    url: "/assets/upload-session",
    access: "developer",
    operationId: "createUploadSession",
    tags,
    summary: "Start an upload",
    description: "Returns a presigned PUT address; send the file there, then finalise the asset.",
    body: UploadSessionBody,
    response: responses({ 200: UploadSession }, { body: true, pending: true }),
  });
  declarePending(app, {
    method: "POST",
    url: "/assets/:assetId/finalise",
    access: "developer",
    operationId: "finaliseAsset",
    tags,
    summary: "Finalise an uploaded asset",
    description:
      "The server reads the stored object: it must exist, match `sizeBytes` and the size limit, carry the magic bytes of its `mimeType` and the declared pixel size. A mismatch is 409 `asset-invalid` (the asset becomes `rejected`); finalising a ready asset returns it unchanged.",
    params: AssetParams,
    body: FinaliseBody,
    response: responses(
      { 200: Asset },
      { body: true, notFound: true, conflicts: ["asset-invalid", "upload-expired"], pending: true },
    ),
  });
}
