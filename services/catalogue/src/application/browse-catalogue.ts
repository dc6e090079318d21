import type { Paged } from "@mp/db";
import { NotFoundError, ValidationError } from "@mp/errors";
import { type CallContext, requirePrincipal } from "@mp/grpc";
import type { ListedItem } from "../domain/catalogue-item";
import { isGuid, parseCatalogueQuery, type RawCatalogueQuery } from "./catalogue-query";
import { renderMedia } from "./item-media";
import type { CatalogueReader, ObjectUrlSigner } from "./read-model-ports";

type Deps = { reader: CatalogueReader; signer: ObjectUrlSigner };

/** The public catalogue: listed items, for any authenticated caller. */
export function makeListListedItems(deps: Deps) {
  return async (raw: RawCatalogueQuery, ctx: CallContext): Promise<Paged<ListedItem>> => {
    requirePrincipal(ctx);
    const page = await deps.reader.listListed(parseCatalogueQuery(raw));
    return { ...page, items: await renderMedia(page.items, deps) };
  };
}

/** One listed item of an instance; NOT_FOUND when it is not listed there (or does not exist). */
export function makeGetListedItem(deps: Deps) {
  return async (
    request: { id: string; marketplaceInstanceId: string },
    ctx: CallContext,
  ): Promise<ListedItem> => {
    requirePrincipal(ctx);
    if (!isGuid(request.marketplaceInstanceId))
      throw new ValidationError({ "query.marketplaceInstanceId": ["must be a guid"] });
    const item = isGuid(request.id)
      ? await deps.reader.getListed(request.id.toLowerCase(), request.marketplaceInstanceId.toLowerCase())
      : undefined;
    if (!item) throw new NotFoundError("Listed item");
    const [rendered] = await renderMedia([item], deps);
    return rendered as ListedItem;
  };
}
