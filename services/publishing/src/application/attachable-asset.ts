import { NotFoundError } from "@mp/errors";
import type { CallContext } from "@mp/grpc";
import { isGuid } from "@mp/ids";
import type { AssetInfo, AssetsPort } from "./ports";

/** The caller's asset as the assets service reports it; a malformed id names no asset (404). */
export async function attachableAsset(
  port: AssetsPort,
  assetId: string,
  ctx: CallContext,
): Promise<AssetInfo> {
  if (!isGuid(assetId)) throw new NotFoundError("Asset");
  return port.get(assetId.toLowerCase(), ctx);
}
