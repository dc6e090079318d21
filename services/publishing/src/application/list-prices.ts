import { type Paged, parsePageQuery, type RawPageQuery } from "@mp/db";
import type { CallContext } from "@mp/grpc";
import type { PriceRecord } from "../domain/price";
import { findOwnItem, type ItemDeps } from "./item-access";

/** Base price records of one of the caller's items, newest first unless asked otherwise. */
export function makeListPrices(deps: Pick<ItemDeps, "items">) {
  return async (input: { id: string } & RawPageQuery, ctx: CallContext): Promise<Paged<PriceRecord>> => {
    const item = await findOwnItem(deps, input.id, ctx);
    return deps.items.priceHistory(item.id, parsePageQuery(input, ["createdAt"]));
  };
}
