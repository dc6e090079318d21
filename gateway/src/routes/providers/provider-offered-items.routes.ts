import { ItemIdParams } from "../catalogue/catalogue.schemas";
import { declarePending, responses, type ZodApp } from "../route-kit";
import { OfferedItem, OfferedItemPage, OfferedItemsQuery } from "./provider-offered-items.schemas";

/** Items offered in instances, as providers see them (provider role; not built yet). */
export function providerOfferedItemsRoutes(app: ZodApp): void {
  const access = "provider";
  const offered = ["Offered items"];
  declarePending(app, {
    method: "GET",
    url: "/marketplace/providers/marketplace-items",
    access,
    operationId: "listOfferedItems",
    tags: offered,
    summary: "List items offered for listing",
    querystring: OfferedItemsQuery,
    response: responses({ 200: OfferedItemPage }, { pending: true }),
  });
  declarePending(app, {
    method: "GET",
    url: "/marketplace/providers/marketplace-items/:id",
    access,
    operationId: "getOfferedItem",
    tags: offered,
    summary: "Read one offered item",
    params: ItemIdParams,
    response: responses({ 200: OfferedItem }, { notFound: true, pending: true }),
  });
}
