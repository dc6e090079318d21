import type { CallContext } from "@mp/grpc";
import { reorderGallery } from "../domain/gallery";
import { changeGallery, galleryViews } from "./gallery-change";
import type { ItemDeps } from "./item-access";
import type { ImageView } from "./item-view";
import type { AssetsPort } from "./ports";

/** Puts the gallery in the given order, which must be an exact permutation of the current asset ids. */
export function makeOrderImages(deps: ItemDeps & { assets: AssetsPort }) {
  return async (input: { id: string; assetIds: string[] }, ctx: CallContext): Promise<ImageView[]> => {
    const state = await changeGallery(deps, input.id, ctx, (current) => {
      const order = reorderGallery(
        current.images.map((i) => i.assetId),
        input.assetIds.map((id) => id.toLowerCase()),
      );
      const byId = new Map(current.images.map((i) => [i.assetId, i]));
      return order.flatMap((id) => byId.get(id) ?? []);
    });
    return galleryViews(state, deps.assets, ctx);
  };
}
