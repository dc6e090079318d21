import type { ListedItem__Output } from "@mp/contracts/generated/marketplace/catalogue/v1/ListedItem";
import type { ListListedItemsResponse__Output } from "@mp/contracts/generated/marketplace/catalogue/v1/ListListedItemsResponse";
import type { z } from "zod";
import { toMoney, toPage, toStorefront } from "../shared/storefront.mapper";
import type { ListedItem, ListedItemPage } from "./catalogue.schemas";

export function toListedItem(message: ListedItem__Output): z.input<typeof ListedItem> {
  const { id, type, marketplaceInstanceId, createdAt, ...rest } = toStorefront(message.item);
  return {
    id,
    type,
    organisationId: (message.item?.organisationId ?? "").toLowerCase(),
    marketplaceInstanceId,
    createdAt,
    ...rest,
    fromPrice: toMoney(message.fromPrice),
    listings: message.listings.map((listing) => ({
      listingId: listing.listingId.toLowerCase(),
      providerOrganisationId: listing.providerOrganisationId.toLowerCase(),
      price: toMoney(listing.price),
    })),
  } as z.input<typeof ListedItem>;
}

export const toListedItemPage = (message: ListListedItemsResponse__Output): z.input<typeof ListedItemPage> =>
  toPage(message, toListedItem);
