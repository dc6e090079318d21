import type { AssetsProto } from "@mp/contracts";
import type { Asset__Output } from "@mp/contracts/generated/marketplace/assets/v1/Asset";
import { type CallContext, type ClientOptions, createUnaryClient, loadProto } from "@mp/grpc";
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

/** The assets service answers at most this many ids per GetAssets call; a page of items may show more. */
export const GET_ASSETS_BATCH = 100;

export function chunk<T>(items: readonly T[], size: number): T[][] {
  const batches: T[][] = [];
  for (let start = 0; start < items.length; start += size) batches.push(items.slice(start, start + size));
  return batches;
}

/**
 * The assets service over gRPC, called on behalf of the caller (its assertion forwarded) so its
 * organisation scoping applies (another organisation's asset is NOT_FOUND there, and so here). Reads only,
 * hence retried.
 */
export function makeAssetsClient(
  address: string,
  mesh: Pick<ClientOptions, "identity" | "logger">,
): AssetsPort & { close(): void } {
  const proto = loadProto<AssetsProto>("marketplace/assets/v1/assets.proto").marketplace.assets.v1;
  const client = createUnaryClient(proto.AssetsService, address, {
    ...mesh,
    upstream: "assets",
    idempotent: ["getAsset", "getAssets"],
  });
  const outgoing = (ctx: CallContext) => ({
    principal: ctx.principal,
    requestId: ctx.requestId,
    signal: ctx.signal,
    deadline: ctx.deadline,
  });
  return {
    async get(assetId, ctx) {
      return toAssetInfo(await client.call("getAsset", { assetId }, outgoing(ctx)));
    },
    async getMany(ids, ctx) {
      const batches = chunk(ids, GET_ASSETS_BATCH);
      const responses = await Promise.all(
        batches.map((assetIds) => client.call("getAssets", { assetIds }, outgoing(ctx))),
      );
      return responses.flatMap((response) => response.items.map(toAssetInfo));
    },
    close: () => client.close(),
  };
}
