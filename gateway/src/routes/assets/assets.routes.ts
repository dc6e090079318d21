import { AppError, ValidationError } from "@mp/errors";
import type { AssetsClient } from "../../clients";
import { ProblemDetails } from "../common.schemas";
import { callUpstream, responses, type ZodApp } from "../route-kit";
import { Asset } from "../shared/item.schemas";
import { toAsset, toUploadSession } from "./assets.mapper";
import { AssetParams, FinaliseBody, UploadSession, UploadSessionBody } from "./assets.schemas";

/** Stands in until `registerRoutes` passes the assets client (see the report of issue #3). */
const unwired: AssetsClient = {
  call: async () => {
    throw new AppError("not-implemented", "The assets routes are not wired to the assets service yet.");
  },
};

/**
 * Upload sessions for icons and gallery images (developer role). Files go straight to object storage
 * through the presigned PUT; the API only starts the upload and has the assets service check the result.
 */
export function assetsRoutes(app: ZodApp, deps: { assets?: AssetsClient } = {}): void {
  const assets = deps.assets ?? unwired;
  const tags = ["Assets"];
  app.post(
    "/assets/upload-session",
    {
      config: { access: "developer" },
      schema: {
        operationId: "createUploadSession",
        tags,
        summary: "Start an upload",
        description:
          "Returns a presigned PUT address, valid 15 minutes, under the caller's organisation. Send the file there with exactly `uploadHeaders` (the signature covers the Content-Type), then finalise the asset.",
        body: UploadSessionBody,
        response: responses({ 200: UploadSession }, { body: true }),
      },
    },
    async (request) =>
      toUploadSession(
        await callUpstream(request, (ctx) => assets.call("createUploadSession", request.body, ctx)),
      ),
  );

  app.post(
    "/assets/:assetId/finalise",
    {
      config: { access: "developer" },
      schema: {
        operationId: "finaliseAsset",
        tags,
        summary: "Finalise an uploaded asset",
        description:
          "The server reads the stored object: it must exist, match `sizeBytes` and the size limit, carry the magic bytes of its `mimeType` and the declared pixel size, and follow the icon or gallery rules. A mismatch is 409 `asset-invalid` with every failed check in `reasons`; the asset becomes `rejected` (finalising it again answers the same) and its object is deleted. After `expiresAt` it is 409 `upload-expired`. Finalising a ready asset returns it unchanged.",
        params: AssetParams,
        body: FinaliseBody,
        response: {
          ...responses(
            { 200: Asset },
            { body: true, notFound: true, conflicts: ["asset-invalid", "upload-expired"] },
          ),
          409: ProblemDetails.describe(
            "`asset-invalid` (with `reasons`): the stored object does not match; `upload-expired` (with `expiresAt`): the upload address expired before finalise.",
          ),
        },
      },
    },
    async (request) => {
      if (request.body.assetId !== request.params.assetId) {
        throw new ValidationError({ "body.assetId": ["must equal the asset id in the path"] });
      }
      const { assetId, sizeBytes, width, height } = request.body;
      return toAsset(
        await callUpstream(request, (ctx) =>
          assets.call("finaliseAsset", { assetId, sizeBytes, width, height }, ctx),
        ),
      );
    },
  );
}
