import type { EventEnvelope } from "@mp/bus";
import type { ItemSnapshotV1 } from "@mp/contracts";
import type { PoolClient } from "@mp/db";
import type { Clock, Emit, KnownItemRepository } from "./ports";
import { type WithdrawalDeps, withdrawWithListings } from "./withdraw-offering";

/**
 * Handler of every publishing.item.*.v1 event (they all carry the item snapshot): applies it when its
 * version is newer than the one held. Once the item is retired, its active offerings are withdrawn and
 * their listings disabled, with their events appended to the outbox in the inbox transaction.
 * Unpublishing changes nothing here: existing listings stay as they are, new ones are refused.
 */
export function makeRecordItem(
  deps: WithdrawalDeps & { items: KnownItemRepository; clock: Clock; emitIn: (tx: PoolClient) => Emit },
) {
  return async (event: EventEnvelope<ItemSnapshotV1>, tx: PoolClient): Promise<void> => {
    const { data } = event;
    await deps.items.remember(tx, {
      id: data.itemId,
      organisationId: data.organisationId,
      marketplaceInstanceId: data.marketplaceInstanceId,
      type: data.type,
      status: data.status,
      displayName: data.displayName,
      description: data.description,
      iconAssetId: data.iconAssetId,
      basePrice: data.basePrice,
      version: data.version,
    });
    const item = await deps.items.lock(tx, data.itemId);
    if (item?.status !== "retired") return;
    const at = deps.clock.now();
    for (const offering of await deps.offerings.activeOfItem(tx, item.id))
      await withdrawWithListings(deps, tx, deps.emitIn(tx), offering, at);
  };
}
