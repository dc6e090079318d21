import { newEvent } from "@mp/bus";
import { itemPublishedV1, itemRetiredV1, itemUnpublishedV1 } from "@mp/contracts";
import { ConflictError } from "@mp/errors";
import type { CallContext } from "@mp/grpc";
import { type Item, type Transition, transition } from "../domain/item";
import { changeOwnItem, type ItemDeps } from "./item-access";
import { type ItemView, readinessOf, renderItem, toItemSnapshot } from "./item-view";
import type { AssetsPort } from "./ports";

const EVENTS: Record<Transition, string> = {
  publish: itemPublishedV1.type,
  unpublish: itemUnpublishedV1.type,
  retire: itemRetiredV1.type,
};

/**
 * One status move of the state machine, under the item's row lock: concurrent publishes of one item run
 * one after the other, the second finds it published and returns it unchanged, so exactly one
 * publishing.item.published.v1 is emitted. Publishing re-checks readiness every time (also from
 * `unpublished`); `publishedAt` is the time of the latest publish.
 */
export function makeChangeItemStatus(move: Transition, deps: ItemDeps & { assets: AssetsPort }) {
  return async (id: string, ctx: CallContext): Promise<ItemView> => {
    const state = await changeOwnItem(deps, id, ctx, async (tx, emit, item) => {
      const outcome = transition(item.status, move);
      const current = await deps.items.state(item, tx);
      if (outcome.kind === "unchanged") return current;
      if (move === "publish") {
        const readiness = readinessOf(current);
        if (!readiness.ready)
          throw new ConflictError("item-not-ready", "The item is not ready to publish.", {
            extensions: { unmet: readiness.unmet },
          });
      }
      const now = deps.clock.now();
      const next: Item = {
        ...item,
        status: outcome.status,
        updatedAt: now,
        publishedAt: move === "publish" ? now : item.publishedAt,
      };
      const version = await deps.items.update(tx, next, {});
      const changed = { ...current, item: next, version };
      await emit(newEvent(EVENTS[move], "publishing", toItemSnapshot(changed, now), now));
      ctx.logger.info({ itemId: item.id, status: next.status }, "item status changed");
      return changed;
    });
    return renderItem(state, deps.assets, ctx);
  };
}

export const makePublishItem = (deps: ItemDeps & { assets: AssetsPort }) =>
  makeChangeItemStatus("publish", deps);
export const makeUnpublishItem = (deps: ItemDeps & { assets: AssetsPort }) =>
  makeChangeItemStatus("unpublish", deps);
export const makeRetireItem = (deps: ItemDeps & { assets: AssetsPort }) =>
  makeChangeItemStatus("retire", deps);
