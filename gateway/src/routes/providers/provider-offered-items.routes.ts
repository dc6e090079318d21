import type { CatalogueItemsClient } from "../../clients";
import { itemListRequest } from "../catalogue/catalogue.routes";
import { ItemIdParams } from "../catalogue/catalogue.schemas";
import { callUpstream, responses, type ZodApp } from "../route-kit";
import { toOfferedItem, toOfferedItemPage } from "./provider-offered-items.mapper";
import { OfferedItem, OfferedItemPage, OfferedItemsQuery } from "./provider-offered-items.schemas";

/** Items offered in instances, as providers see them (provider role), from the catalogue's read models. */
export function providerOfferedItemsRoutes(
  app: ZodApp,
  deps: { catalogueItems: CatalogueItemsClient },
): void {
  const config = { access: "provider" as const };
  const tags = ["Offered items"];
  app.get(
    "/marketplace/providers/marketplace-items",
    {
      config,
      schema: {
        operationId: "listOfferedItems",
        tags,
        summary: "List items offered for listing",
        description:
          "Provider role. Published items with an active offering in an instance; `listed` is true when the caller's organisation has a current listing of the item there. Same filters, search and orders as the public catalogue.",
        querystring: OfferedItemsQuery,
        response: responses({ 200: OfferedItemPage }),
      },
    },
    async (request) =>
      toOfferedItemPage(
        await callUpstream(request, (ctx) =>
          deps.catalogueItems.call("listOfferedItems", itemListRequest(request.query), ctx),
        ),
      ),
  );
  app.get(
    "/marketplace/providers/marketplace-items/:id",
    {
      config,
      schema: {
        operationId: "getOfferedItem",
        tags,
        summary: "Read one offered item",
        description:
          "Provider role. 404 when the item is not published or has no active offering. `releases` are its available releases, newest first.",
        params: ItemIdParams,
        response: responses({ 200: OfferedItem }, { notFound: true }),
      },
    },
    async (request) =>
      toOfferedItem(
        await callUpstream(request, (ctx) =>
          deps.catalogueItems.call("getOfferedItem", { id: request.params.id }, ctx),
        ),
      ),
  );
}
