import type { z } from "zod";
import type { PublishingClient } from "../../clients";
import { NoContent } from "../common.schemas";
import {
  callUpstream,
  responses as documented,
  type ErrorSpec,
  notImplemented,
  type ZodApp,
} from "../route-kit";
import {
  toAppendMetadataRequest,
  toDeveloperItem,
  toDeveloperItemPage,
  toImageList,
  toMetadataPage,
  toPricePage,
  toPriceRecord,
} from "./developer-items.mapper";
import {
  AssetBody,
  CreatedAtPageQuery,
  DeveloperItem,
  DeveloperItemPage,
  DeveloperItemsQuery,
  ImageList,
  ImageOrderBody,
  ImageParams,
  ItemParams,
  MetadataBody,
  MetadataPage,
  PriceBody,
  PricePage,
  PriceRecord,
} from "./developer-items.schemas";

const BASE = "/marketplace/developers/marketplace-items";
const TAGS = ["Developer items"];

/** Route options with the shared parts (developer role, tag); the schema keeps its types for the handler. */
function route<const S extends object>(
  operationId: string,
  summary: string,
  description: string | undefined,
  schema: S,
) {
  return {
    config: { access: "developer" as const },
    schema: { operationId, tags: TAGS, summary, ...(description ? { description } : {}), ...schema },
  };
}

const PUBLISH =
  "Ready when the newest metadata has a displayName, a base price is set and at least one release is `available`; otherwise 409 `item-not-ready` with `unmet` (a subset of `displayName`, `basePrice`, `release`, in that order). Publishing a published item returns it unchanged (also under concurrent requests); an unpublished item is re-checked. Creates no offering or listing.";

/**
 * The developer's items over the publishing service (developer role; another organisation's item is 404).
 * Without the publishing client (a caller that does not pass the gateway's clients) the routes stay
 * documented and answer 501 after authentication and role checks.
 */
export function developerItemsRoutes(
  app: ZodApp,
  deps?: { clients: { publishing: PublishingClient } },
): void {
  const client = deps?.clients.publishing;
  const pending = client === undefined;
  const call: PublishingClient["call"] = client ? client.call.bind(client) : notImplemented;
  const responses = <const S extends Record<number, z.ZodType>>(success: S, spec: ErrorSpec = {}) =>
    documented(success, { ...spec, pending });

  app.get(
    BASE,
    route(
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
    `${BASE}/:id`,
    route("getDeveloperItem", "Read an item", undefined, {
      params: ItemParams,
      response: responses({ 200: DeveloperItem }, { notFound: true }),
    }),
    async (request) =>
      toDeveloperItem(await callUpstream(request, (ctx) => call("getItem", { id: request.params.id }, ctx))),
  );

  app.post(
    `${BASE}/:id/metadata`,
    route(
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
    `${BASE}/:id/metadata/history`,
    route("listItemMetadata", "List an item's metadata records", "Newest first by default.", {
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
    `${BASE}/:id/icon`,
    route(
      "setItemIcon",
      "Set an item's icon",
      "Attach a finalised `icon` asset of the organisation; replaces the previous icon. An asset of another type is a 400 (`body.assetId`), an unfinalised one 409 `asset-not-ready`, a rejected one 409 `asset-invalid`; an unknown asset is 404.",
      {
        params: ItemParams,
        body: AssetBody,
        response: responses(
          { 200: DeveloperItem },
          { body: true, notFound: true, conflicts: ["asset-not-ready", "asset-invalid", "invalid-state"] },
        ),
      },
    ),
    async (request) =>
      toDeveloperItem(
        await callUpstream(request, (ctx) =>
          call("setIcon", { id: request.params.id, assetId: request.body.assetId }, ctx),
        ),
      ),
  );

  app.get(
    `${BASE}/:id/images`,
    route("listItemImages", "List an item's gallery", "In display order, with short-lived urls.", {
      params: ItemParams,
      response: responses({ 200: ImageList }, { notFound: true }),
    }),
    async (request) =>
      toImageList(await callUpstream(request, (ctx) => call("listImages", { id: request.params.id }, ctx))),
  );

  app.post(
    `${BASE}/:id/images`,
    route(
      "addItemImage",
      "Add a gallery image",
      "Appends a finalised `image` asset at the end; a gallery holds at most 8 images (409 `gallery-full`), each once (409 `invalid-state`).",
      {
        params: ItemParams,
        body: AssetBody,
        response: responses(
          { 200: ImageList },
          {
            body: true,
            notFound: true,
            conflicts: ["gallery-full", "asset-not-ready", "asset-invalid", "invalid-state"],
          },
        ),
      },
    ),
    async (request) =>
      toImageList(
        await callUpstream(request, (ctx) =>
          call("addImage", { id: request.params.id, assetId: request.body.assetId }, ctx),
        ),
      ),
  );

  app.put(
    `${BASE}/:id/images/order`,
    route(
      "orderItemImages",
      "Reorder the gallery",
      "`assetIds` must be an exact permutation of the current gallery (400 `body.assetIds` otherwise).",
      {
        params: ItemParams,
        body: ImageOrderBody,
        response: responses({ 200: ImageList }, { body: true, notFound: true, conflicts: ["invalid-state"] }),
      },
    ),
    async (request) =>
      toImageList(
        await callUpstream(request, (ctx) =>
          call("orderImages", { id: request.params.id, assetIds: request.body.assetIds }, ctx),
        ),
      ),
  );

  app.delete(
    `${BASE}/:id/images/:assetId`,
    route(
      "removeItemImage",
      "Remove a gallery image",
      "The remaining images keep their order, renumbered from 0.",
      {
        params: ImageParams,
        response: responses({ 204: NoContent }, { notFound: true, conflicts: ["invalid-state"] }),
      },
    ),
    async (request, reply) => {
      await callUpstream(request, (ctx) => call("removeImage", request.params, ctx));
      return reply.code(204).send();
    },
  );

  app.post(
    `${BASE}/:id/price`,
    route(
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
    `${BASE}/:id/prices`,
    route("listItemPrices", "List an item's base prices", "Newest first by default.", {
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
      "Any status -> retired, final: offerings are withdrawn and listings disabled; a retired item accepts no change (409 `invalid-state`).",
      ["invalid-state"],
    ],
  ] as const;
  for (const [path, operationId, method, summary, description, conflicts] of statusRoutes) {
    app.post(
      `${BASE}/:id/${path}`,
      route(operationId, summary, description, {
        params: ItemParams,
        response: responses({ 200: DeveloperItem }, { notFound: true, conflicts: [...conflicts] }),
      }),
      async (request) =>
        toDeveloperItem(await callUpstream(request, (ctx) => call(method, { id: request.params.id }, ctx))),
    );
  }
}
