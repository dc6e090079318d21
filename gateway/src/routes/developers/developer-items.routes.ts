import type { ErrorCode } from "@mp/errors";
import type { z } from "zod";
import { NoContent } from "../common.schemas";
import { declarePending, type PendingRoute, responses, type ZodApp } from "../route-kit";
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

interface ItemRoute {
  method: PendingRoute["method"];
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  success: Record<number, z.ZodType>;
  conflicts?: ErrorCode[];
}

/** The item lifecycle: every route here needs the developer role and addresses one item. */
const ITEM_ROUTES: ItemRoute[] = [
  {
    method: "GET",
    path: "",
    operationId: "listDeveloperItems",
    summary: "List the organisation's items",
    querystring: DeveloperItemsQuery,
    success: { 200: DeveloperItemPage },
  },
  {
    method: "GET",
    path: "/:id",
    operationId: "getDeveloperItem",
    summary: "Read an item",
    success: { 200: DeveloperItem },
  },
  {
    method: "POST",
    path: "/:id/metadata",
    operationId: "appendItemMetadata",
    summary: "Update an item's metadata",
    description: "Appends a full record: omitted fields keep their previous value, `null` clears one.",
    body: MetadataBody,
    success: { 200: DeveloperItem },
    conflicts: ["invalid-state"],
  },
  {
    method: "GET",
    path: "/:id/metadata/history",
    operationId: "listItemMetadata",
    summary: "List an item's metadata records",
    description: "Newest first by default.",
    querystring: CreatedAtPageQuery,
    success: { 200: MetadataPage },
  },
  {
    method: "POST",
    path: "/:id/icon",
    operationId: "setItemIcon",
    summary: "Set an item's icon",
    description: "Attach a finalised `icon` asset; replaces the previous icon.",
    body: AssetBody,
    success: { 200: DeveloperItem },
    conflicts: ["asset-not-ready", "invalid-state"],
  },
  {
    method: "GET",
    path: "/:id/images",
    operationId: "listItemImages",
    summary: "List an item's gallery",
    description: "In display order.",
    success: { 200: ImageList },
  },
  {
    method: "POST",
    path: "/:id/images",
    operationId: "addItemImage",
    summary: "Add a gallery image",
    description: "Appends a finalised `image` asset; a gallery holds at most 8 images.",
    body: AssetBody,
    success: { 200: ImageList },
    conflicts: ["gallery-full", "asset-not-ready", "invalid-state"],
  },
  {
    method: "PUT",
    path: "/:id/images/order",
    operationId: "orderItemImages",
    summary: "Reorder the gallery",
    body: ImageOrderBody,
    success: { 200: ImageList },
  },
  {
    method: "DELETE",
    path: "/:id/images/:assetId",
    operationId: "removeItemImage",
    summary: "Remove a gallery image",
    params: ImageParams,
    success: { 204: NoContent },
  },
  {
    method: "POST",
    path: "/:id/price",
    operationId: "setItemBasePrice",
    summary: "Set the developer base price",
    description: "Appends a price record; 0 means free.",
    body: PriceBody,
    success: { 200: PriceRecord },
    conflicts: ["invalid-state"],
  },
  {
    method: "GET",
    path: "/:id/prices",
    operationId: "listItemPrices",
    summary: "List an item's base prices",
    description: "Newest first by default.",
    querystring: CreatedAtPageQuery,
    success: { 200: PricePage },
  },
  {
    method: "POST",
    path: "/:id/publish",
    operationId: "publishItem",
    summary: "Publish an item",
    description:
      "Ready when the newest metadata has a displayName, a base price is set and at least one release is `available`; otherwise 409 `item-not-ready` with `unmet`. Publishing a published item returns it unchanged; an unpublished item is re-checked. Creates no offering or listing.",
    success: { 200: DeveloperItem },
    conflicts: ["item-not-ready", "invalid-state"],
  },
  {
    method: "POST",
    path: "/:id/unpublish",
    operationId: "unpublishItem",
    summary: "Unpublish an item",
    description: "published -> unpublished: hidden from catalogues; buyers keep downloads and installs.",
    success: { 200: DeveloperItem },
    conflicts: ["invalid-state"],
  },
  {
    method: "POST",
    path: "/:id/retire",
    operationId: "retireItem",
    summary: "Retire an item",
    description: "Any status -> retired, final: offerings are withdrawn and listings disabled.",
    success: { 200: DeveloperItem },
    conflicts: ["invalid-state"],
  },
];

/** Developer item routes (developer role; not built yet). */
export function developerItemsRoutes(app: ZodApp): void {
  for (const route of ITEM_ROUTES) {
    const addressed = route.path.startsWith("/:id");
    declarePending(app, {
      method: route.method,
      url: `${BASE}${route.path}`,
      access: "developer",
      operationId: route.operationId,
      tags: ["Developer items"],
      summary: route.summary,
      description: route.description,
      params: route.params ?? (addressed ? ItemParams : undefined),
      querystring: route.querystring,
      body: route.body,
      response: responses(route.success, {
        body: route.body !== undefined,
        notFound: addressed,
        conflicts: route.conflicts,
        pending: true,
      }),
    });
  }
}
