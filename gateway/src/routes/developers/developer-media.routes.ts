import type { PublishingClient } from "../../clients";
import { NoContent } from "../common.schemas";
import { callUpstream, type ZodApp } from "../route-kit";
import { ITEMS_BASE, itemRoute, publishingCalls } from "./developer-item-route";
import { toDeveloperItem, toImageList } from "./developer-items.mapper";
import {
  AssetBody,
  DeveloperItem,
  ImageList,
  ImageOrderBody,
  ImageParams,
  ItemParams,
} from "./developer-items.schemas";

/**
 * An item's icon and gallery, built from the organisation's finalised assets (developer role; another
 * organisation's item or asset is 404).
 */
export function developerMediaRoutes(
  app: ZodApp,
  deps?: { clients: { publishing: PublishingClient } },
): void {
  const { call, responses } = publishingCalls(deps);

  app.post(
    `${ITEMS_BASE}/:id/icon`,
    itemRoute(
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
    `${ITEMS_BASE}/:id/images`,
    itemRoute("listItemImages", "List an item's gallery", "In display order, with short-lived urls.", {
      params: ItemParams,
      response: responses({ 200: ImageList }, { notFound: true }),
    }),
    async (request) =>
      toImageList(await callUpstream(request, (ctx) => call("listImages", { id: request.params.id }, ctx))),
  );

  app.post(
    `${ITEMS_BASE}/:id/images`,
    itemRoute(
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
    `${ITEMS_BASE}/:id/images/order`,
    itemRoute(
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
    `${ITEMS_BASE}/:id/images/:assetId`,
    itemRoute(
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
}
