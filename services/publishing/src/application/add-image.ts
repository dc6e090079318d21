import type { CallContext } from "@mp/grpc";
import { assertAttachable } from "../domain/asset-rules";
import { addImage } from "../domain/gallery";
import { assertChangeable } from "../domain/item";
import { attachableAsset } from "./attachable-asset";
import { changeGallery, galleryViews } from "./gallery-change";
import { findOwnItem, type ItemDeps } from "./item-access";
import type { ImageView } from "./item-view";
import type { AssetsPort } from "./ports";

/** Appends a ready `image` asset of the caller at the end of the gallery (at most 8, each once). */
export function makeAddImage(deps: ItemDeps & { assets: AssetsPort }) {
  return async (input: { id: string; assetId: string }, ctx: CallContext): Promise<ImageView[]> => {
    assertChangeable((await findOwnItem(deps, input.id, ctx)).status);
    const asset = await attachableAsset(deps.assets, input.assetId, ctx);
    assertAttachable(asset, "image");
    const state = await changeGallery(deps, input.id, ctx, (current, item) => {
      addImage(
        current.images.map((i) => i.assetId),
        asset.id,
        item.status,
      );
      const added = {
        assetId: asset.id,
        position: current.images.length,
        width: asset.width,
        height: asset.height,
        mimeType: asset.mimeType,
      };
      return [...current.images, added];
    });
    return galleryViews(state, deps.assets, ctx);
  };
}
