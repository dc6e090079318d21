import { isoInstant } from "@mp/contracts";
import type { ItemRelease__Output } from "@mp/contracts/generated/marketplace/catalogue/v1/ItemRelease";
import type { ListedItem__Output } from "@mp/contracts/generated/marketplace/catalogue/v1/ListedItem";
import type { ListListedItemsResponse__Output } from "@mp/contracts/generated/marketplace/catalogue/v1/ListListedItemsResponse";
import type { ListOfferedItemsResponse__Output } from "@mp/contracts/generated/marketplace/catalogue/v1/ListOfferedItemsResponse";
import type { Money__Output } from "@mp/contracts/generated/marketplace/catalogue/v1/Money";
import type { OfferedItem__Output } from "@mp/contracts/generated/marketplace/catalogue/v1/OfferedItem";
import type { Storefront__Output } from "@mp/contracts/generated/marketplace/catalogue/v1/Storefront";
import type { Paged } from "@mp/db";
import type {
  ItemMedia,
  ItemRelease,
  ListedItem,
  Money,
  OfferedItem,
  StorefrontItem,
} from "../domain/catalogue-item";

/** Proto types stop here: the application never sees them. Nulls become absent optional fields. */
function opt<K extends string>(key: K, value: string | null): Partial<Record<K, string>> {
  return value === null ? {} : ({ [key]: value } as Record<K, string>);
}

const toMoney = (money: Money): Money__Output => ({ amount: String(money.amount), currency: money.currency });

function toStorefront(item: StorefrontItem & ItemMedia): Storefront__Output {
  return {
    id: item.id,
    type: item.type,
    organisationId: item.organisationId,
    marketplaceInstanceId: item.marketplaceInstanceId,
    createdAt: isoInstant(item.createdAt),
    displayName: item.displayName,
    ...opt("description", item.description),
    ...opt("iconUrl", item.iconUrl),
    images: item.images,
    ...opt("licenseUrl", item.licenseUrl),
    ...opt("eulaUrl", item.eulaUrl),
    ...opt("latestVersion", item.latestVersion),
  } as Storefront__Output;
}

const toRelease = (release: ItemRelease): ItemRelease__Output =>
  ({
    id: release.id,
    marketplaceItemId: release.marketplaceItemId,
    infuseIotReleaseId: release.infuseIotReleaseId,
    version: release.version,
    board: release.board,
    sizeBytes: String(release.sizeBytes),
    ...opt("sha256", release.sha256),
    status: release.status,
    createdAt: isoInstant(release.createdAt),
  }) as ItemRelease__Output;

export const toListedItemMessage = (item: ListedItem): ListedItem__Output => ({
  item: toStorefront(item),
  fromPrice: toMoney(item.fromPrice),
  listings: item.listings.map((l) => ({
    listingId: l.listingId,
    providerOrganisationId: l.providerOrganisationId,
    price: toMoney(l.price),
  })),
});

export const toOfferedItemMessage = (item: OfferedItem): OfferedItem__Output => ({
  item: toStorefront(item),
  basePrice: item.basePrice ? toMoney(item.basePrice) : null,
  releases: item.releases.map(toRelease),
  offeredAt: isoInstant(item.offeredAt),
  listed: item.listed,
});

function pageOf<T, M>(page: Paged<T>, map: (item: T) => M) {
  return {
    items: page.items.map(map),
    page: page.page,
    pageSize: page.pageSize,
    totalCount: page.totalCount,
    totalPages: page.totalPages,
  };
}

export const toListedPageMessage = (page: Paged<ListedItem>): ListListedItemsResponse__Output =>
  pageOf(page, toListedItemMessage);

export const toOfferedPageMessage = (page: Paged<OfferedItem>): ListOfferedItemsResponse__Output =>
  pageOf(page, toOfferedItemMessage);
