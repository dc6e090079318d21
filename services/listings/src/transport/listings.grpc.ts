import type { ListingsProto } from "@mp/contracts";
import type { ListingsServiceHandlers } from "@mp/contracts/generated/marketplace/listings/v1/ListingsService";
import { loadProto, type ServiceRegistration, unaryHandlers } from "@mp/grpc";
import { type makeGetInstanceReference, toInstanceReferenceMessage } from "@mp/known-instances";
import type { Logger } from "@mp/logger";
import type { makeCreateListing } from "../application/create-listing";
import type { makeListOfferings } from "../application/list-offerings";
import type {
  makeGetCurrentListing,
  makeListListingHistory,
  makeListListings,
  makeListVisibility,
} from "../application/listing-queries";
import type { makeOfferItem } from "../application/offer-item";
import type { makeSetVisibility } from "../application/set-visibility";
import type { makeWithdrawOffering } from "../application/withdraw-offering";
import {
  fromMoneyMessage,
  toListingMessage,
  toListingPage,
  toOfferingMessage,
  toOfferingPage,
  toSummaryPage,
  toVisibilityPage,
} from "./listings.mapper";

export const LISTINGS_SERVICE = "marketplace.listings.v1.ListingsService";

export interface ListingsUseCases {
  getInstanceReference: ReturnType<typeof makeGetInstanceReference>;
  offerItem: ReturnType<typeof makeOfferItem>;
  listOfferings: ReturnType<typeof makeListOfferings>;
  withdrawOffering: ReturnType<typeof makeWithdrawOffering>;
  createListing: ReturnType<typeof makeCreateListing>;
  listListings: ReturnType<typeof makeListListings>;
  getCurrentListing: ReturnType<typeof makeGetCurrentListing>;
  listListingHistory: ReturnType<typeof makeListListingHistory>;
  setVisibility: ReturnType<typeof makeSetVisibility>;
  listVisibility: ReturnType<typeof makeListVisibility>;
}

export function listingsGrpc(u: ListingsUseCases, logger: Logger): ServiceRegistration {
  const proto = loadProto<ListingsProto>("marketplace/listings/v1/listings.proto").marketplace.listings.v1;
  const implementation = unaryHandlers<ListingsServiceHandlers>(
    "listings",
    {
      GetInstanceReference: async (request) =>
        toInstanceReferenceMessage(await u.getInstanceReference(request.id)),
      CreateOffering: async (request, ctx) => toOfferingMessage(await u.offerItem(request, ctx)),
      ListOfferings: async (request, ctx) => toOfferingPage(await u.listOfferings(request, ctx)),
      WithdrawOffering: async (request, ctx) => {
        await u.withdrawOffering(request, ctx);
        return {};
      },
      CreateListing: async (request, ctx) =>
        toListingMessage(await u.createListing({ ...request, price: fromMoneyMessage(request.price) }, ctx)),
      ListListings: async (request, ctx) => toSummaryPage(await u.listListings(request, ctx)),
      GetCurrentListing: async (request, ctx) => toListingMessage(await u.getCurrentListing(request, ctx)),
      ListListingHistory: async (request, ctx) => toListingPage(await u.listListingHistory(request, ctx)),
      SetListingVisibility: async (request, ctx) => {
        await u.setVisibility(request, ctx);
        return {};
      },
      ListListingVisibility: async (request, ctx) => toVisibilityPage(await u.listVisibility(request, ctx)),
    },
    logger,
  );
  return { definition: proto.ListingsService.service, implementation };
}
