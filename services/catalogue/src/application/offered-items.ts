import type { Paged } from "@mp/db";
import { NotFoundError } from "@mp/errors";
import { type CallContext, requirePrincipal } from "@mp/grpc";
import type { OfferedItem, OfferedItemRecord } from "../domain/catalogue-item";
import { isGuid, parseCatalogueQuery, type RawCatalogueQuery } from "./catalogue-query";
import { renderMedia } from "./item-media";
import type { CatalogueReader, ObjectUrlSigner } from "./read-model-ports";

type Deps = { reader: CatalogueReader; signer: ObjectUrlSigner };

async function render(items: OfferedItemRecord[], deps: Deps): Promise<OfferedItem[]> {
  const [withMedia, releases] = await Promise.all([
    renderMedia(items, deps),
    deps.reader.availableReleases(items.map((i) => i.id)),
  ]);
  return withMedia.map((item) => ({ ...item, releases: releases.get(item.id) ?? [] }));
}

/**
 * Items offered in instances, as providers see them (provider role): published, with an active offering;
 * `listed` tells whether the caller's organisation has a current listing of the item.
 */
export function makeListOfferedItems(deps: Deps) {
  return async (raw: RawCatalogueQuery, ctx: CallContext): Promise<Paged<OfferedItem>> => {
    const caller = requirePrincipal(ctx, "provider");
    const page = await deps.reader.listOffered(caller.organisationId.toLowerCase(), parseCatalogueQuery(raw));
    return { ...page, items: await render(page.items, deps) };
  };
}

export function makeGetOfferedItem(deps: Deps) {
  return async (request: { id: string }, ctx: CallContext): Promise<OfferedItem> => {
    const caller = requirePrincipal(ctx, "provider");
    const item = isGuid(request.id)
      ? await deps.reader.getOffered(caller.organisationId.toLowerCase(), request.id.toLowerCase())
      : undefined;
    if (!item) throw new NotFoundError("Offered item");
    const [rendered] = await render([item], deps);
    return rendered as OfferedItem;
  };
}
