import { NotFoundError } from "@mp/errors";
import type { CallContext } from "@mp/grpc";
import type { AssetInfo, AssetsPort } from "./ports";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The caller's asset as the assets service reports it; a malformed id names no asset (404). */
export async function attachableAsset(
  port: AssetsPort,
  assetId: string,
  ctx: CallContext,
): Promise<AssetInfo> {
  if (!UUID.test(assetId)) throw new NotFoundError("Asset");
  return port.get(assetId.toLowerCase(), ctx);
}
