import type { Paged } from "@mp/db";
import type { CallContext } from "@mp/grpc";
import type { PriceRecord } from "../domain/price";
import { findOwnItem, type ItemDeps } from "./item-access";
import { parsePage, type RawPage } from "./paging";

/** Base price records of one of the caller's items, newest first unless asked otherwise. */
export function makeListPrices(deps: Pick<ItemDeps, "items">) {
  return async (input: { id: string } & RawPage, ctx: CallContext): Promise<Paged<PriceRecord>> => {
    const item = await findOwnItem(deps, input.id, ctx);
    return deps.items.priceHistory(item.id, parsePage(input, ["createdAt"]));
  };
}
