import type { ListingsClient } from "../../clients";
import { NoContent } from "../common.schemas";
import { callUpstream, responses, routeOptions, type ZodApp } from "../route-kit";
import { toListing, toListingPage, toListingSummaryPage, toVisibilityPage } from "./provider-listings.mapper";
import {
  CreateListingBody,
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

const OWN = "Only the caller's organisation's listings: another organisation's listing answers 404.";

/** The provider's listings of offered items, over the listings service (provider role). */
export function providerListingsRoutes(app: ZodApp, deps: { listings: ListingsClient }): void {
  const route = routeOptions("provider", ["Provider listings"]);
  const call = deps.listings.call.bind(deps.listings);

  app.post(
    "/marketplace/providers/listings/:marketplaceItemId",
    route(
      "createListing",
      "List an offered item for sale",
      "The item must be `published` (409 `invalid-state` with its `state` otherwise) and offered in the instance (409 `not-offered`); the price must be in the base price's currency (400 naming `body.price.currency`) and leave the provider a share >= 0 after the base price and the instance's platform fee (409 `price-below-base`). A provider has one current listing per item and instance: a new one supersedes (disables) the previous, which then appears in history. A creation is done once per request id: repeating the request with the same `X-Request-Id` (an ingress resending it after a gateway failed, a client retrying after an unclear answer) answers 200 with the listing the first one created, as it is now, superseding nothing; the same `X-Request-Id` with other values is 409 `request-id-reused` (with `listingId`).",
      {
        params: ItemListingParams,
        body: CreateListingBody,
        response: responses(
          { 200: Listing },
          {
            body: true,
            notFound: true,
            conflicts: ["not-offered", "price-below-base", "invalid-state", "request-id-reused"],
          },
        ),
      },
    ),
    async (request) => {
      const { marketplaceInstanceId, price, visibility } = request.body;
      return toListing(
        await callUpstream(request, (ctx) =>
          call(
            "createListing",
            {
              marketplaceItemId: request.params.marketplaceItemId,
              marketplaceInstanceId,
              price: { amount: String(price.amount), currency: price.currency },
              visibility: visibility ?? "",
            },
            ctx,
          ),
        ),
      );
    },
  );

  app.get(
    "/marketplace/providers/listings",
    route(
      "listListings",
      "List the provider's listings",
      "The provider's current listings (superseded ones are in each item's history). `purchaseCount` counts purchases of the listing; `iconUrl` is a short-lived presigned address.",
      { querystring: ListingsQuery, response: responses({ 200: ListingSummaryPage }) },
    ),
    async (request) => {
      const q = request.query;
      return toListingSummaryPage(
        await callUpstream(request, (ctx) =>
          call(
            "listListings",
            {
              ...(q.disabled === undefined ? {} : { disabled: q.disabled }),
              marketplaceInstanceId: q.marketplaceInstanceId ?? "",
              type: q.type ?? "",
              search: q.search ?? "",
              page: q.page,
              pageSize: q.pageSize,
              orderBy: q.orderBy,
              direction: q.direction,
            },
            ctx,
          ),
        ),
      );
    },
  );

  app.get(
    "/marketplace/providers/listings/:marketplaceItemId",
    route(
      "getCurrentListing",
      "Read the current listing of an item",
      "The path id is the marketplace item id; 404 when the provider has no current listing of it in the instance. A current listing is disabled while its offering is withdrawn.",
      {
        params: ItemListingParams,
        querystring: ItemListingQuery,
        response: responses({ 200: Listing }, { notFound: true }),
      },
    ),
    async (request) =>
      toListing(
        await callUpstream(request, (ctx) =>
          call(
            "getCurrentListing",
            {
              marketplaceItemId: request.params.marketplaceItemId,
              marketplaceInstanceId: request.query.marketplaceInstanceId,
            },
            ctx,
          ),
        ),
      ),
  );

  app.get(
    "/marketplace/providers/listings/:marketplaceItemId/history",
    route(
      "listListingHistory",
      "List an item's superseded listings",
      "The provider's earlier listings of the item in the instance, newest first by default; 404 for an unknown item.",
      {
        params: ItemListingParams,
        querystring: ListingHistoryQuery,
        response: responses({ 200: ListingPage }, { notFound: true }),
      },
    ),
    async (request) =>
      toListingPage(
        await callUpstream(request, (ctx) =>
          call(
            "listListingHistory",
            { marketplaceItemId: request.params.marketplaceItemId, ...request.query },
            ctx,
          ),
        ),
      ),
  );

  app.post(
    "/marketplace/providers/listings/:id/visibility",
    route(
      "setListingVisibility",
      "Set a listing's visibility",
      `Appends a visibility state, even when unchanged. A superseded listing is history (409 \`invalid-state\`). ${OWN}`,
      {
        params: ListingParams,
        body: VisibilityBody,
        response: responses({ 204: NoContent }, { body: true, notFound: true, conflicts: ["invalid-state"] }),
      },
    ),
    async (request, reply) => {
      await callUpstream(request, (ctx) =>
        call(
          "setListingVisibility",
          { listingId: request.params.id, visibility: request.body.visibility },
          ctx,
        ),
      );
      return reply.code(204).send();
    },
  );

  app.get(
    "/marketplace/providers/listings/:id/visibility",
    route(
      "listListingVisibility",
      "Read a listing's visibility series",
      `Every state appended, the one it was created with first; newest first by default. ${OWN}`,
      {
        params: ListingParams,
        querystring: VisibilityQuery,
        response: responses({ 200: VisibilityPage }, { notFound: true }),
      },
    ),
    async (request) =>
      toVisibilityPage(
        await callUpstream(request, (ctx) =>
          call("listListingVisibility", { listingId: request.params.id, ...request.query }, ctx),
        ),
      ),
  );
}
