import type { AssetsProto } from "@mp/contracts";
import type { Asset__Output } from "@mp/contracts/generated/marketplace/assets/v1/Asset";
import { type CallContext, createUnaryClient, loadProto } from "@mp/grpc";
import type { AssetInfo, AssetsPort } from "../application/ports";

const toAssetInfo = (asset: Asset__Output): AssetInfo => ({
  id: asset.id.toLowerCase(),
  assetType: asset.assetType,
  mimeType: asset.mimeType,
  fileName: asset.fileName,
  sizeBytes: Number(asset.sizeBytes),
  width: asset.width,
  height: asset.height,
  status: asset.status,
  url: asset.url,
  createdAt: asset.createdAt,
});

/**
 * The assets service over gRPC, called with the caller's principal so its organisation scoping applies
 * (another organisation's asset is NOT_FOUND there, and so here). Reads only, hence retried.
 */
export function makeAssetsClient(address: string): AssetsPort & { close(): void } {
  const proto = loadProto<AssetsProto>("marketplace/assets/v1/assets.proto").marketplace.assets.v1;
  const client = createUnaryClient(proto.AssetsService, address, {
    upstream: "assets",
    idempotent: ["getAsset", "getAssets"],
  });
  const outgoing = (ctx: CallContext) => ({
    principal: ctx.principal,
    requestId: ctx.requestId,
    signal: ctx.signal,
  });
  return {
    async get(assetId, ctx) {
      return toAssetInfo(await client.call("getAsset", { assetId }, outgoing(ctx)));
    },
    async getMany(ids, ctx) {
      if (ids.length === 0) return [];
      const response = await client.call("getAssets", { assetIds: ids }, outgoing(ctx));
      return response.items.map(toAssetInfo);
    },
    close: () => client.close(),
  };
}
