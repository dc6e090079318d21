import type { EventEnvelope } from "@mp/bus";
import type { PoolClient } from "@mp/db";
import { NotFoundError } from "@mp/errors";
import { type CallContext, requirePrincipal } from "@mp/grpc";
import { isGuid } from "@mp/ids";
import type { Item } from "../domain/item";
import type { Clock, IdGenerator, ItemRepository, UnitOfWork } from "./ports";

/** What the item use cases are built from. */
export interface ItemDeps {
  items: ItemRepository;
  unitOfWork: UnitOfWork;
  clock: Clock;
  ids: IdGenerator;
}

/** A malformed id can name no item: it is not found, like another organisation's item. */
export function itemIdOrNotFound(id: string): string {
  if (!isGuid(id)) throw new NotFoundError("Marketplace item");
  return id.toLowerCase();
}

/** The developer's own item, read without a lock; another organisation's item is not found. */
export async function findOwnItem(
  deps: Pick<ItemDeps, "items">,
  id: string,
  ctx: CallContext,
): Promise<Item> {
  const caller = requirePrincipal(ctx, "developer");
  const item = await deps.items.find(caller.organisationId.toLowerCase(), itemIdOrNotFound(id));
  if (!item) throw new NotFoundError("Marketplace item");
  return item;
}

/**
 * Runs a change of one of the caller's items in one transaction holding the item's row lock, so changes
 * of the same item (concurrent publishes, gallery edits) apply one after another.
 */
export function changeOwnItem<T>(
  deps: Pick<ItemDeps, "items" | "unitOfWork">,
  id: string,
  ctx: CallContext,
  work: (tx: PoolClient, emit: (event: EventEnvelope) => Promise<void>, item: Item) => Promise<T>,
): Promise<T> {
  const caller = requirePrincipal(ctx, "developer");
  const itemId = itemIdOrNotFound(id);
  return deps.unitOfWork.run(async (tx, emit) => {
    const item = await deps.items.lock(tx, caller.organisationId.toLowerCase(), itemId);
    if (!item) throw new NotFoundError("Marketplace item");
    return work(tx, emit, item);
  });
}
