import type { Paged } from "@mp/db";
import { NotFoundError } from "@mp/errors";
import { type CallContext, requirePrincipal } from "@mp/grpc";
import type { ItemRelease } from "../domain/item-release";
import type { ItemReleaseRepository, ReleaseItemReader } from "./release-ports";
import { normaliseGuid, parseItemReleasesQuery } from "./release-queries";

/** The releases selected for one of the caller's items, in every status (failed ones say why). */
export function makeListItemReleases(deps: { items: ReleaseItemReader; releases: ItemReleaseRepository }) {
  return async (
    raw: { id: string; page: number; pageSize: number; orderBy: string; direction: string },
    ctx: CallContext,
  ): Promise<Paged<ItemRelease>> => {
    const caller = requirePrincipal(ctx, "developer");
    const query = parseItemReleasesQuery(raw);
    const itemId = normaliseGuid(raw.id);
    const item = itemId ? await deps.items.findOwned(caller.organisationId.toLowerCase(), itemId) : undefined;
    if (!item) throw new NotFoundError("Marketplace item");
    return deps.releases.listForItem(item.id, query);
  };
}
