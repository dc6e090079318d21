import type { EventEnvelope } from "@mp/bus";
import type { ItemSnapshotV1 } from "@mp/contracts";
import type { PoolClient } from "@mp/db";
import type { KnownItemRepository } from "./ports";

/** Handler of every publishing.item.*.v1 event: keeps the item's display name when its version is newer. */
export function makeRecordItem(deps: { items: KnownItemRepository }) {
  return async ({ data }: EventEnvelope<ItemSnapshotV1>, tx: PoolClient): Promise<void> => {
    await deps.items.remember(tx, { id: data.itemId, displayName: data.displayName, version: data.version });
  };
}
