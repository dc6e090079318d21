import type { Listing__Output } from "@mp/contracts/generated/marketplace/listings/v1/Listing";
import type { ListingPage__Output } from "@mp/contracts/generated/marketplace/listings/v1/ListingPage";
import type { ListingSummary__Output } from "@mp/contracts/generated/marketplace/listings/v1/ListingSummary";
import type { ListListingsResponse__Output } from "@mp/contracts/generated/marketplace/listings/v1/ListListingsResponse";
import type { Money__Output } from "@mp/contracts/generated/marketplace/listings/v1/Money";
import type { VisibilityPage__Output } from "@mp/contracts/generated/marketplace/listings/v1/VisibilityPage";
import type { z } from "zod";
import { isoTimestamp } from "../shared/timestamps";
import type {
  Listing,
  ListingPage,
  ListingSummary,
  ListingSummaryPage,
  VisibilityPage,
} from "./provider-listings.schemas";

type ListingDto = z.input<typeof Listing>;
type Visibility = ListingDto["visibility"];

const iso = isoTimestamp;

/** int64 arrives as a decimal string; money stays integer minor units. */
function toMoney(money: Money__Output | null): ListingDto["price"] {
  return {
    amount: Number(money?.amount ?? 0),
    currency: (money?.currency ?? "") as ListingDto["price"]["currency"],
  };
}

const pageOf = <M, D>(
  message: { items: M[]; page: number; pageSize: number; totalCount: number; totalPages: number },
  map: (item: M) => D,
) => ({
  items: message.items.map(map),
  page: message.page,
  pageSize: message.pageSize,
  totalCount: message.totalCount,
  totalPages: message.totalPages,
});

export function toListing(message: Listing__Output): ListingDto {
  return {
    id: message.id.toLowerCase(),
    marketplaceItemId: message.marketplaceItemId.toLowerCase(),
    marketplaceInstanceId: message.marketplaceInstanceId.toLowerCase(),
    providerOrganisationId: message.providerOrganisationId.toLowerCase(),
    price: toMoney(message.price),
    visibility: message.visibility as Visibility,
    disabled: message.disabled,
    createdAt: iso(message.createdAt),
    supersededAt: message.supersededAt ? iso(message.supersededAt) : null,
  };
}

function toSummary(message: ListingSummary__Output): z.input<typeof ListingSummary> {
  return {
    id: message.id.toLowerCase(),
    marketplaceItemId: message.marketplaceItemId.toLowerCase(),
    marketplaceInstanceId: message.marketplaceInstanceId.toLowerCase(),
    displayName: message.displayName,
    type: message.type as z.input<typeof ListingSummary>["type"],
    iconUrl: message.iconUrl || null,
    price: toMoney(message.price),
    visibility: message.visibility as Visibility,
    disabled: message.disabled,
    purchaseCount: message.purchaseCount,
    createdAt: iso(message.createdAt),
  };
}

export const toListingPage = (message: ListingPage__Output): z.input<typeof ListingPage> =>
  pageOf(message, toListing);

export const toListingSummaryPage = (
  message: ListListingsResponse__Output,
): z.input<typeof ListingSummaryPage> => pageOf(message, toSummary);

export const toVisibilityPage = (message: VisibilityPage__Output): z.input<typeof VisibilityPage> =>
  pageOf(message, (state) => ({
    visibility: state.visibility as Visibility,
    setAt: iso(state.setAt),
    setBy: state.setBy,
  }));
