import type { CallContext } from "@mp/grpc";
import { galleryViews } from "./gallery-change";
import { findOwnItem, type ItemDeps } from "./item-access";
import type { ImageView } from "./item-view";
import type { AssetsPort } from "./ports";

/** The gallery in display order, with fresh presigned urls. */
export function makeListImages(deps: Pick<ItemDeps, "items"> & { assets: AssetsPort }) {
  return async (id: string, ctx: CallContext): Promise<ImageView[]> => {
    const item = await findOwnItem(deps, id, ctx);
    return galleryViews(await deps.items.state(item), deps.assets, ctx);
  };
}
