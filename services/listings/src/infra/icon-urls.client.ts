import type { AssetsProto } from "@mp/contracts";
import { type CallContext, type ClientOptions, createUnaryClient, loadProto } from "@mp/grpc";
import type { IconUrlsPort } from "../application/ports";

/**
 * Icon urls from the assets service. Listings calls as itself (a storefront reader: an item's icon
 * belongs to its developer's organisation, not to the provider asking), with ONE GetAssets call per use;
 * a page holds at most 100 listings, the most one call answers. Reads only, hence retried.
 */
export function makeIconUrlsClient(
  address: string,
  mesh: Pick<ClientOptions, "identity" | "logger">,
): IconUrlsPort & { close(): void } {
  const proto = loadProto<AssetsProto>("marketplace/assets/v1/assets.proto").marketplace.assets.v1;
  const client = createUnaryClient(proto.AssetsService, address, {
    ...mesh,
    upstream: "assets",
    idempotent: ["getAssets"],
  });
  return {
    async urls(assetIds: string[], ctx: CallContext) {
      const response = await client.call(
        "getAssets",
        { assetIds },
        { requestId: ctx.requestId, signal: ctx.signal, deadline: ctx.deadline },
      );
      return new Map(
        response.items.filter((a) => a.url !== "").map((asset) => [asset.id.toLowerCase(), asset.url]),
      );
    },
    close: () => client.close(),
  };
}
