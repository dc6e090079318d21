import { newEvent } from "@mp/bus";
import { itemPriceSetV1 } from "@mp/contracts";
import { NotFoundError } from "@mp/errors";
import type { CallContext } from "@mp/grpc";
import { assertChangeable } from "../domain/item";
import { type Money, type PriceRecord, validateBasePrice } from "../domain/price";
import { changeOwnItem, type ItemDeps } from "./item-access";
import { toItemSnapshot } from "./item-view";
import type { KnownInstanceRepository } from "./ports";

/**
 * Appends a base price in force from now (0 = free), in the instance's currency, and announces it with
 * publishing.item.price-set.v1 so listings can check their prices against it.
 */
export function makeSetPrice(deps: ItemDeps & { instances: KnownInstanceRepository }) {
  return (input: { id: string; price: Money }, ctx: CallContext): Promise<PriceRecord> =>
    changeOwnItem(deps, input.id, ctx, async (tx, emit, item) => {
      assertChangeable(item.status);
      const instance = await deps.instances.get(item.marketplaceInstanceId);
      if (!instance) throw new NotFoundError("Marketplace instance");
      const price = validateBasePrice(input.price, instance.defaultCurrency);
      const now = deps.clock.now();
      const record: PriceRecord = { price, effectiveFrom: now, createdAt: now };
      await deps.items.appendPrice(tx, item.id, { id: deps.ids.next(), ...record });
      const next = { ...item, updatedAt: now };
      const version = await deps.items.update(tx, next, {});
      const state = { ...(await deps.items.state(next, tx)), item: next, version };
      await emit(newEvent(itemPriceSetV1.type, "publishing", toItemSnapshot(state, now), now));
      return record;
    });
}
