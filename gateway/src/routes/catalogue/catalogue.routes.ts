import { declarePending, responses, type ZodApp } from "../route-kit";
import {
  CatalogueQuery,
  DownloadAccess,
  DownloadAccessParams,
  DownloadAccessQuery,
  InstanceQuery,
  ItemIdParams,
  ListedItem,
  ListedItemPage,
} from "./catalogue.schemas";

/** The public catalogue and download access: any authenticated caller (not built yet). */
export function catalogueRoutes(app: ZodApp): void {
  const tags = ["Catalogue"];
  declarePending(app, {
    method: "GET",
    url: "/marketplace/marketplace-items",
    access: "authenticated",
    operationId: "listListedItems",
    tags,
    summary: "Browse listed items",
    description:
      "An item is listed in an instance while it is published and has at least one enabled, public listing.",
    querystring: CatalogueQuery,
    response: responses({ 200: ListedItemPage }, { pending: true }),
  });
  declarePending(app, {
    method: "GET",
    url: "/marketplace/marketplace-items/:id",
    access: "authenticated",
    operationId: "getListedItem",
    tags,
    summary: "Read one listed item",
    description: "404 when the item is not listed in the instance.",
    params: ItemIdParams,
    querystring: InstanceQuery,
    response: responses({ 200: ListedItem }, { notFound: true, pending: true }),
  });
  declarePending(app, {
    method: "GET",
    url: "/marketplace/marketplace-items/:marketplaceItemId/downloads/:version/access",
    access: "authenticated",
    operationId: "getDownloadAccess",
    tags: ["Downloads"],
    summary: "Check a device's access to a release",
    description:
      "Eligible when the caller's organisation owns the device, the device has a completed purchase of the item, and the version has an `available` release for the device's board. The download URL is a presigned GET valid 5 minutes.",
    params: DownloadAccessParams,
    querystring: DownloadAccessQuery,
    response: responses({ 200: DownloadAccess }, { notFound: true, pending: true }),
  });
}
