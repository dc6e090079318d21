import type { Paged } from "@mp/db";
import type { ListingSummaryView } from "../application/listing-queries";
import type { Listing, VisibilityState } from "../domain/listing";
import type { Offering } from "../domain/offering";

const pageOf = <T, M>(page: Paged<T>, map: (item: T) => M) => ({
  items: page.items.map(map),
  page: page.page,
  pageSize: page.pageSize,
  totalCount: page.totalCount,
  totalPages: page.totalPages,
});

export const toOfferingMessage = (o: Offering) => ({
  id: o.id,
  marketplaceInstanceId: o.marketplaceInstanceId,
  marketplaceItemId: o.marketplaceItemId,
  createdAt: o.createdAt.toISOString(),
  ...(o.withdrawnAt ? { withdrawnAt: o.withdrawnAt.toISOString() } : {}),
});

export const toListingMessage = (l: Listing) => ({
  id: l.id,
  marketplaceItemId: l.marketplaceItemId,
  marketplaceInstanceId: l.marketplaceInstanceId,
  providerOrganisationId: l.providerOrganisationId,
  price: { amount: String(l.price.amount), currency: l.price.currency },
  visibility: l.visibility,
  disabled: l.disabled,
  createdAt: l.createdAt.toISOString(),
  ...(l.supersededAt ? { supersededAt: l.supersededAt.toISOString() } : {}),
});

export const toSummaryMessage = (s: ListingSummaryView) => ({
  id: s.listing.id,
  marketplaceItemId: s.listing.marketplaceItemId,
  marketplaceInstanceId: s.listing.marketplaceInstanceId,
  displayName: s.displayName,
  type: s.type,
  ...(s.iconUrl ? { iconUrl: s.iconUrl } : {}),
  price: { amount: String(s.listing.price.amount), currency: s.listing.price.currency },
  visibility: s.listing.visibility,
  disabled: s.listing.disabled,
  purchaseCount: s.purchaseCount,
  createdAt: s.listing.createdAt.toISOString(),
});

export const toVisibilityMessage = (v: VisibilityState) => ({
  visibility: v.visibility,
  setAt: v.setAt.toISOString(),
  setBy: v.setBy,
});

export const toOfferingPage = (page: Paged<Offering>) => pageOf(page, toOfferingMessage);
export const toListingPage = (page: Paged<Listing>) => pageOf(page, toListingMessage);
export const toSummaryPage = (page: Paged<ListingSummaryView>) => pageOf(page, toSummaryMessage);
export const toVisibilityPage = (page: Paged<VisibilityState>) => pageOf(page, toVisibilityMessage);

/** int64 arrives as a decimal string; anything else becomes NaN and fails validation. */
export function fromMoneyMessage(money: { amount: string; currency: string } | null) {
  return money
    ? { amount: /^-?\d+$/.test(money.amount) ? Number(money.amount) : Number.NaN, currency: money.currency }
    : null;
}
