import { newEvent } from "@mp/bus";
import { itemMetadataUpdatedV1 } from "@mp/contracts";
import type { CallContext } from "@mp/grpc";
import { assertChangeable } from "../domain/item";
import { type MetadataPatch, mergeMetadata } from "../domain/metadata";
import { changeOwnItem, type ItemDeps } from "./item-access";
import { type ItemView, renderItem, toItemSnapshot } from "./item-view";
import type { AssetsPort } from "./ports";

/** Appends a full metadata record (omitted fields keep their value, `null` clears) and announces it. */
export function makeAppendMetadata(deps: ItemDeps & { assets: AssetsPort }) {
  return async (input: { id: string; patch: MetadataPatch }, ctx: CallContext): Promise<ItemView> => {
    const state = await changeOwnItem(deps, input.id, ctx, async (tx, emit, item) => {
      assertChangeable(item.status);
      const current = await deps.items.state(item, tx);
      const fields = mergeMetadata(current.metadata, input.patch);
      const now = deps.clock.now();
      await deps.items.appendMetadata(tx, item.id, { id: deps.ids.next(), fields, at: now });
      const next = { ...item, updatedAt: now };
      const version = await deps.items.update(tx, next, {});
      const changed = { ...current, item: next, metadata: { ...fields, createdAt: now }, version };
      await emit(newEvent(itemMetadataUpdatedV1.type, "publishing", toItemSnapshot(changed, now), now));
      return changed;
    });
    return renderItem(state, deps.assets, ctx);
  };
}
