import { type Paged, parsePageQuery, type RawPageQuery } from "@mp/db";
import type { CallContext } from "@mp/grpc";
import type { MetadataRecord } from "../domain/metadata";
import { findOwnItem, type ItemDeps } from "./item-access";

/** Metadata records of one of the caller's items, newest first unless asked otherwise. */
export function makeListMetadata(deps: Pick<ItemDeps, "items">) {
  return async (input: { id: string } & RawPageQuery, ctx: CallContext): Promise<Paged<MetadataRecord>> => {
    const item = await findOwnItem(deps, input.id, ctx);
    return deps.items.metadataHistory(item.id, parsePageQuery(input, ["createdAt"]));
  };
}
