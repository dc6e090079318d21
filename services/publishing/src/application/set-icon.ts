import { newEvent } from "@mp/bus";
import { itemMetadataUpdatedV1 } from "@mp/contracts";
import type { CallContext } from "@mp/grpc";
import { assertAttachable } from "../domain/asset-rules";
import { assertChangeable } from "../domain/item";
import { attachableAsset } from "./attachable-asset";
import { changeOwnItem, findOwnItem, type ItemDeps } from "./item-access";
import { type ItemView, renderItem, toItemSnapshot } from "./item-view";
import type { AssetsPort } from "./ports";

/**
 * Replaces the icon with a ready `icon` asset of the caller. The asset is checked before the item's row
 * lock is taken, so no lock is held across the call to the assets service.
 */
export function makeSetIcon(deps: ItemDeps & { assets: AssetsPort }) {
  return async (input: { id: string; assetId: string }, ctx: CallContext): Promise<ItemView> => {
    assertChangeable((await findOwnItem(deps, input.id, ctx)).status);
    const asset = await attachableAsset(deps.assets, input.assetId, ctx);
    assertAttachable(asset, "icon");
    const state = await changeOwnItem(deps, input.id, ctx, async (tx, emit, item) => {
      assertChangeable(item.status);
      const now = deps.clock.now();
      const next = { ...item, updatedAt: now };
      const version = await deps.items.update(tx, next, { iconAssetId: asset.id });
      const changed = { ...(await deps.items.state(next, tx)), item: next, version };
      await emit(newEvent(itemMetadataUpdatedV1.type, "publishing", toItemSnapshot(changed, now), now));
      return changed;
    });
    return renderItem(state, deps.assets, ctx);
  };
}
