import { NotFoundError } from "@mp/errors";
import type { CallContext } from "@mp/grpc";
import { removeImage } from "../domain/gallery";
import { changeGallery } from "./gallery-change";
import type { ItemDeps } from "./item-access";

/** Removes one image; the others keep their order and are renumbered 0..n-1. */
export function makeRemoveImage(deps: ItemDeps) {
  return async (input: { id: string; assetId: string }, ctx: CallContext): Promise<void> => {
    await changeGallery(deps, input.id, ctx, (current) => {
      const remaining = removeImage(
        current.images.map((i) => i.assetId),
        input.assetId.toLowerCase(),
      );
      if (!remaining) throw new NotFoundError("Gallery image");
      return current.images.filter((i) => remaining.includes(i.assetId));
    });
  };
}
