import { newEvent } from "@mp/bus";
import { itemMetadataUpdatedV1 } from "@mp/contracts";
import type { CallContext } from "@mp/grpc";
import { assertChangeable, type Item } from "../domain/item";
import { changeOwnItem, type ItemDeps } from "./item-access";
import { type ImageView, imageViews, toItemSnapshot } from "./item-view";
import type { AssetsPort, ItemState, StoredImage } from "./ports";

/**
 * Shared by the gallery use cases: under the item's row lock, compute the new gallery from the current
 * one, store it with positions 0..n-1, and announce the new storefront content.
 */
export async function changeGallery(
  deps: ItemDeps,
  id: string,
  ctx: CallContext,
  compute: (current: ItemState, item: Item) => StoredImage[],
): Promise<ItemState> {
  return changeOwnItem(deps, id, ctx, async (tx, emit, item) => {
    assertChangeable(item.status);
    const current = await deps.items.state(item, tx);
    const images = compute(current, item).map((image, position) => ({ ...image, position }));
    const now = deps.clock.now();
    await deps.items.replaceImages(tx, item.id, images, now);
    const next = { ...item, updatedAt: now };
    const version = await deps.items.update(tx, next, {});
    const changed = { ...current, item: next, images, version };
    await emit(newEvent(itemMetadataUpdatedV1.type, "publishing", toItemSnapshot(changed, now), now));
    return changed;
  });
}

/** Gallery images with fresh urls from one GetAssets call; images the assets service lost are left out. */
export async function galleryViews(
  state: ItemState,
  port: AssetsPort,
  ctx: CallContext,
): Promise<ImageView[]> {
  const assets = await port.getMany(
    state.images.map((i) => i.assetId),
    ctx,
  );
  return imageViews(state, new Map(assets.map((a) => [a.id, a])));
}
