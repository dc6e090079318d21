import type { PublishingClient } from "../../clients";
import { callUpstream, type ZodApp } from "../route-kit";
import { ITEMS_BASE, itemRoute, publishingCalls } from "./developer-item-route";
import {
  toAppendMetadataRequest,
  toDeveloperItem,
  toDeveloperItemPage,
  toMetadataPage,
  toPricePage,
  toPriceRecord,
} from "./developer-items.mapper";
import {
  CreatedAtPageQuery,
  DeveloperItem,
  DeveloperItemPage,
  DeveloperItemsQuery,
  ItemParams,
  MetadataBody,
  MetadataPage,
  NoBody,
  PriceBody,
  PricePage,
  PriceRecord,
} from "./developer-items.schemas";

const PUBLISH =
  "Ready when the newest metadata has a displayName, a base price is set and at least one release is `available`; otherwise 409 `item-not-ready` with `unmet` (a subset of `displayName`, `basePrice`, `release`, in that order). Publishing a published item returns it unchanged (also under concurrent requests); an unpublished item is re-checked. Creates no offering or listing.";

/**
 * The developer's items over the publishing service (developer role; another organisation's item is 404):
 * reading and listing, metadata, prices and status. The icon and gallery are in developer-media.routes.ts.
 */
export function developerItemsRoutes(
  app: ZodApp,
  deps?: { clients: { publishing: PublishingClient } },
): void {
  const { call, responses } = publishingCalls(deps);

  app.get(
    ITEMS_BASE,
    itemRoute(
      "listDeveloperItems",
      "List the organisation's items",
      "Search matches the newest metadata's displayName and description.",
      {
        querystring: DeveloperItemsQuery,
        response: responses({ 200: DeveloperItemPage }),
      },
    ),
    async (request) => {
      const q = request.query;
      const message = await callUpstream(request, (ctx) =>
        call(
          "listItems",
          {
            page: q.page,
            pageSize: q.pageSize,
            orderBy: q.orderBy,
            direction: q.direction,
            marketplaceInstanceId: q.marketplaceInstanceId ?? "",
            type: q.type ?? "",
            status: q.status ?? "",
            search: q.search ?? "",
          },
          ctx,
        ),
      );
      return toDeveloperItemPage(message);
    },
  );

  app.get(
    `${ITEMS_BASE}/:id`,
    itemRoute("getDeveloperItem", "Read an item", undefined, {
      params: ItemParams,
      response: responses({ 200: DeveloperItem }, { notFound: true }),
    }),
    async (request) =>
      toDeveloperItem(await callUpstream(request, (ctx) => call("getItem", { id: request.params.id }, ctx))),
  );

  app.post(
    `${ITEMS_BASE}/:id/metadata`,
    itemRoute(
      "appendItemMetadata",
      "Update an item's metadata",
      "Appends a full record: omitted fields keep their previous value, `null` clears one. URLs are stored, never fetched.",
      {
        params: ItemParams,
        body: MetadataBody,
        response: responses(
          { 200: DeveloperItem },
          { body: true, notFound: true, conflicts: ["invalid-state"] },
        ),
      },
    ),
    async (request) =>
      toDeveloperItem(
        await callUpstream(request, (ctx) =>
          call("appendMetadata", toAppendMetadataRequest(request.params.id, request.body), ctx),
        ),
      ),
  );

  app.get(
    `${ITEMS_BASE}/:id/metadata/history`,
    itemRoute("listItemMetadata", "List an item's metadata records", "Newest first by default.", {
      params: ItemParams,
      querystring: CreatedAtPageQuery,
      response: responses({ 200: MetadataPage }, { notFound: true }),
    }),
    async (request) =>
      toMetadataPage(
        await callUpstream(request, (ctx) =>
          call("listMetadata", { id: request.params.id, ...request.query }, ctx),
        ),
      ),
  );

  app.post(
    `${ITEMS_BASE}/:id/price`,
    itemRoute(
      "setItemBasePrice",
      "Set the developer base price",
      "Appends a price record in force from now; 0 means free. The currency must be the instance's `defaultCurrency` (400 `body.currency` otherwise).",
      {
        params: ItemParams,
        body: PriceBody,
        response: responses(
          { 200: PriceRecord },
          { body: true, notFound: true, conflicts: ["invalid-state"] },
        ),
      },
    ),
    async (request) =>
      toPriceRecord(
        await callUpstream(request, (ctx) =>
          call(
            "setPrice",
            {
              id: request.params.id,
              price: { amount: String(request.body.amount), currency: request.body.currency },
            },
            ctx,
          ),
        ),
      ),
  );

  app.get(
    `${ITEMS_BASE}/:id/prices`,
    itemRoute("listItemPrices", "List an item's base prices", "Newest first by default.", {
      params: ItemParams,
      querystring: CreatedAtPageQuery,
      response: responses({ 200: PricePage }, { notFound: true }),
    }),
    async (request) =>
      toPricePage(
        await callUpstream(request, (ctx) =>
          call("listPrices", { id: request.params.id, ...request.query }, ctx),
        ),
      ),
  );

  const statusRoutes = [
    [
      "publish",
      "publishItem",
      "publishItem",
      "Publish an item",
      PUBLISH,
      ["item-not-ready", "invalid-state"],
    ],
    [
      "unpublish",
      "unpublishItem",
      "unpublishItem",
      "Unpublish an item",
      "published -> unpublished: hidden from catalogues; buyers keep downloads and installs. Any other status: 409 `invalid-state` with `state`.",
      ["invalid-state"],
    ],
    [
      "retire",
      "retireItem",
      "retireItem",
      "Retire an item",
      "Any status -> retired, final: offerings are withdrawn and listings disabled. Retiring a retired item returns it unchanged (idempotent, like publish); a retired item accepts no other change (409 `invalid-state`).",
      ["invalid-state"],
    ],
  ] as const;
  for (const [path, operationId, method, summary, description, conflicts] of statusRoutes) {
    app.post(
      `${ITEMS_BASE}/:id/${path}`,
      itemRoute(operationId, summary, description, {
        params: ItemParams,
        body: NoBody,
        response: responses(
          { 200: DeveloperItem },
          { body: true, notFound: true, conflicts: [...conflicts] },
        ),
      }),
      async (request) =>
        toDeveloperItem(await callUpstream(request, (ctx) => call(method, { id: request.params.id }, ctx))),
    );
  }
}
