import type { CatalogueItemsClient } from "../../clients";
import { callUpstream, responses, type ZodApp } from "../route-kit";
import { toListedItem, toListedItemPage } from "./catalogue.mapper";
import { CatalogueQuery, InstanceQuery, ItemIdParams, ListedItem, ListedItemPage } from "./catalogue.schemas";

/** The list query as the catalogue's RPCs take it: absent filters and orders are empty strings. */
export function itemListRequest(query: {
  marketplaceInstanceId?: string | undefined;
  type?: string | undefined;
  search?: string | undefined;
  page: number;
  pageSize: number;
  orderBy?: string | undefined;
  direction: string;
}) {
  return {
    marketplaceInstanceId: query.marketplaceInstanceId ?? "",
    type: query.type ?? "",
    search: query.search ?? "",
    page: query.page,
    pageSize: query.pageSize,
    orderBy: query.orderBy ?? "",
    direction: query.direction,
  };
}

/** The public catalogue (any authenticated caller), read from the catalogue's read models. */
export function catalogueRoutes(app: ZodApp, deps: { catalogueItems: CatalogueItemsClient }): void {
  const tags = ["Catalogue"];
  app.get(
    "/marketplace/marketplace-items",
    {
      schema: {
        operationId: "listListedItems",
        tags,
        summary: "Browse listed items",
        description:
          "Any authenticated caller. An item is listed in an instance while it is published and has at least one enabled, public listing; private listings never appear. `fromPrice` is the lowest of its public listings' prices. `search` is full text over displayName and description (accent- and case-insensitive, prefix and typo-tolerant), ranked by relevance by default; `orderBy=relevance` without `search` is a 400.",
        querystring: CatalogueQuery,
        response: responses({ 200: ListedItemPage }),
      },
    },
    async (request) =>
      toListedItemPage(
        await callUpstream(request, (ctx) =>
          deps.catalogueItems.call("listListedItems", itemListRequest(request.query), ctx),
        ),
      ),
  );
  app.get(
    "/marketplace/marketplace-items/:id",
    {
      schema: {
        operationId: "getListedItem",
        tags,
        summary: "Read one listed item",
        description: "Any authenticated caller. 404 when the item is not listed in the instance.",
        params: ItemIdParams,
        querystring: InstanceQuery,
        response: responses({ 200: ListedItem }, { notFound: true }),
      },
    },
    async (request) =>
      toListedItem(
        await callUpstream(request, (ctx) =>
          deps.catalogueItems.call(
            "getListedItem",
            { id: request.params.id, marketplaceInstanceId: request.query.marketplaceInstanceId },
            ctx,
          ),
        ),
      ),
  );
}
