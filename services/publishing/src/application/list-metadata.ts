import type { Paged } from "@mp/db";
import type { CallContext } from "@mp/grpc";
import type { MetadataRecord } from "../domain/metadata";
import { findOwnItem, type ItemDeps } from "./item-access";
import { parsePage, type RawPage } from "./paging";

/** Metadata records of one of the caller's items, newest first unless asked otherwise. */
export function makeListMetadata(deps: Pick<ItemDeps, "items">) {
  return async (input: { id: string } & RawPage, ctx: CallContext): Promise<Paged<MetadataRecord>> => {
    const item = await findOwnItem(deps, input.id, ctx);
    return deps.items.metadataHistory(item.id, parsePage(input, ["createdAt"]));
  };
}
