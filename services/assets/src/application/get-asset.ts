import { NotFoundError, ValidationError } from "@mp/errors";
import { type CallContext, requirePrincipal, requireService } from "@mp/grpc";
import { type Asset, DOWNLOAD_TTL_SECONDS, isAssetId } from "../domain/asset";
import type { AssetRepository, AssetView, Clock, ObjectStore } from "./ports";

/** Most ids one GetAssets call may ask for (a gallery holds 8 images and an icon). */
export const GET_ASSETS_MAX = 100;

/** A ready asset comes with a fresh short-lived presigned GET; others have no address. */
export async function viewOf(asset: Asset, objects: ObjectStore, clock: Clock): Promise<AssetView> {
  const url =
    asset.status === "ready" && asset.objectKey !== null
      ? await objects.presignGet(asset.objectKey, clock.now(), DOWNLOAD_TTL_SECONDS)
      : null;
  return { asset, url };
}

/** Reads one of the caller's organisation's assets; any other id, malformed or foreign, is not-found. */
export function makeGetAsset(deps: { assets: AssetRepository; objects: ObjectStore; clock: Clock }) {
  return async (id: string, ctx: CallContext): Promise<AssetView> => {
    const caller = requirePrincipal(ctx);
    const asset = isAssetId(id)
      ? await deps.assets.get(caller.organisationId.toLowerCase(), id.toLowerCase())
      : undefined;
    if (!asset) throw new NotFoundError("Asset");
    return viewOf(asset, deps.objects, deps.clock);
  };
}

/**
 * Services that may read any organisation's assets when calling as themselves: they show items' icons to
 * organisations other than the developer's (a provider's listings), from ids that only published item
 * snapshots carry.
 */
export const STOREFRONT_READERS = ["listings"] as const;

/** The organisation whose assets the call may read: the user's, or none (any) for a storefront reader. */
function readScope(ctx: CallContext): string | null {
  if (ctx.principal) return requirePrincipal(ctx).organisationId.toLowerCase();
  requireService(ctx, ...STOREFRONT_READERS);
  return null;
}

/**
 * Batch read for publishing (icon and gallery): the caller's assets among `ids`, in the order asked,
 * unknown and foreign ids left out, so the caller can tell which ids it may not attach. A storefront
 * reader calling as itself gets the assets among `ids` whatever their organisation.
 */
export function makeGetAssets(deps: { assets: AssetRepository; objects: ObjectStore; clock: Clock }) {
  return async (ids: string[], ctx: CallContext): Promise<AssetView[]> => {
    const scope = readScope(ctx);
    if (ids.length > GET_ASSETS_MAX) {
      throw new ValidationError({ assetIds: [`at most ${GET_ASSETS_MAX} ids per call`] });
    }
    const wanted = [...new Set(ids.filter((id) => isAssetId(id)).map((id) => id.toLowerCase()))];
    if (wanted.length === 0) return [];
    const found = new Map((await deps.assets.getMany(scope, wanted)).map((a) => [a.id, a]));
    const ordered = wanted.flatMap((id) => found.get(id as Asset["id"]) ?? []);
    return Promise.all(ordered.map((asset) => viewOf(asset, deps.objects, deps.clock)));
  };
}
