import { NoContent } from "../common.schemas";
import { declarePending, responses, type ZodApp } from "../route-kit";
import {
  CreateListingBody,
  CreateListingParams,
  ItemListingParams,
  ItemListingQuery,
  Listing,
  ListingHistoryQuery,
  ListingPage,
  ListingParams,
  ListingSummaryPage,
  ListingsQuery,
  VisibilityBody,
  VisibilityPage,
  VisibilityQuery,
} from "./provider-listings.schemas";

/** The provider's listings of offered items (provider role; not built yet). */
export function providerListingsRoutes(app: ZodApp): void {
  const access = "provider";
  const tags = ["Provider listings"];
  declarePending(app, {
    method: "POST",
    url: "/marketplace/providers/listings/:marketplaceItemId",
    access,
    operationId: "createListing",
    tags,
    summary: "List an offered item for sale",
    description:
      "A provider has one current listing per item and instance: a new one supersedes (disables) the previous, which then appears in history.",
    params: CreateListingParams,
    body: CreateListingBody,
    response: responses(
      { 200: Listing },
      { body: true, notFound: true, conflicts: ["not-offered", "price-below-base"], pending: true },
    ),
  });
  declarePending(app, {
    method: "GET",
    url: "/marketplace/providers/listings",
    access,
    operationId: "listListings",
    tags,
    summary: "List the provider's listings",
    querystring: ListingsQuery,
    response: responses({ 200: ListingSummaryPage }, { pending: true }),
  });
  declarePending(app, {
    method: "GET",
    url: "/marketplace/providers/listings/:marketplaceId",
    access,
    operationId: "getCurrentListing",
    tags,
    summary: "Read the current listing of an item",
    description:
      "The path id is the marketplace item id; 404 when the provider has no current listing of it.",
    params: ItemListingParams,
    querystring: ItemListingQuery,
    response: responses({ 200: Listing }, { notFound: true, pending: true }),
  });
  declarePending(app, {
    method: "GET",
    url: "/marketplace/providers/listings/:marketplaceId/history",
    access,
    operationId: "listListingHistory",
    tags,
    summary: "List an item's superseded listings",
    description: "Newest first by default.",
    params: ItemListingParams,
    querystring: ListingHistoryQuery,
    response: responses({ 200: ListingPage }, { notFound: true, pending: true }),
  });
  declarePending(app, {
    method: "POST",
    url: "/marketplace/providers/listings/:id/visibility",
    access,
    operationId: "setListingVisibility",
    tags,
    summary: "Set a listing's visibility",
    description: "Appends a visibility state, even when unchanged.",
    params: ListingParams,
    body: VisibilityBody,
    response: responses({ 204: NoContent }, { body: true, notFound: true, pending: true }),
  });
  declarePending(app, {
    method: "GET",
    url: "/marketplace/providers/listings/:id/visibility",
    access,
    operationId: "listListingVisibility",
    tags,
    summary: "Read a listing's visibility series",
    params: ListingParams,
    querystring: VisibilityQuery,
    response: responses({ 200: VisibilityPage }, { notFound: true, pending: true }),
  });
}
