import type { AssetsProto } from "@mp/contracts";
import type { AssetsServiceHandlers } from "@mp/contracts/generated/marketplace/assets/v1/AssetsService";
import { loadProto, type ServiceRegistration, unaryHandlers } from "@mp/grpc";
import type { Logger } from "@mp/logger";
import type { makeCreateUploadSession } from "../application/create-upload-session";
import type { makeFinaliseAsset } from "../application/finalise-asset";
import type { makeGetAsset, makeGetAssets } from "../application/get-asset";
import { toAssetMessage, toUploadSessionMessage } from "./assets.mapper";

export const ASSETS_SERVICE = "marketplace.assets.v1.AssetsService";

/** int64 arrives as a decimal string; anything unparsable becomes NaN and fails validation. */
const toNumber = (value: string): number => (/^-?\d+$/.test(value) ? Number(value) : Number.NaN);

export function assetsGrpc(
  useCases: {
    createUploadSession: ReturnType<typeof makeCreateUploadSession>;
    finaliseAsset: ReturnType<typeof makeFinaliseAsset>;
    getAsset: ReturnType<typeof makeGetAsset>;
    getAssets: ReturnType<typeof makeGetAssets>;
  },
  logger: Logger,
): ServiceRegistration {
  const proto = loadProto<AssetsProto>("marketplace/assets/v1/assets.proto").marketplace.assets.v1;
  const implementation = unaryHandlers<AssetsServiceHandlers>(
    "assets",
    {
      CreateUploadSession: async (request, ctx) =>
        toUploadSessionMessage(await useCases.createUploadSession(request, ctx)),
      FinaliseAsset: async (request, ctx) =>
        toAssetMessage(
          await useCases.finaliseAsset({ ...request, sizeBytes: toNumber(request.sizeBytes) }, ctx),
        ),
      GetAsset: async (request, ctx) => toAssetMessage(await useCases.getAsset(request.assetId, ctx)),
      GetAssets: async (request, ctx) => ({
        items: (await useCases.getAssets(request.assetIds, ctx)).map(toAssetMessage),
      }),
    },
    logger,
  );
  return { definition: proto.AssetsService.service, implementation };
}
