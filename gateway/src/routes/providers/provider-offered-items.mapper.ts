import type { ListOfferedItemsResponse__Output } from "@mp/contracts/generated/marketplace/catalogue/v1/ListOfferedItemsResponse";
import type { OfferedItem__Output } from "@mp/contracts/generated/marketplace/catalogue/v1/OfferedItem";
import type { z } from "zod";
import { toCatalogueRelease, toMoney, toPage, toStorefront } from "../shared/storefront.mapper";
import { isoTimestamp } from "../shared/timestamps";
import type { OfferedItem, OfferedItemPage } from "./provider-offered-items.schemas";

export function toOfferedItem(message: OfferedItem__Output): z.input<typeof OfferedItem> {
  const { id, type, marketplaceInstanceId, createdAt: _createdAt, ...rest } = toStorefront(message.item);
  return {
    id,
    type,
    marketplaceInstanceId,
    developerOrganisationId: (message.item?.organisationId ?? "").toLowerCase(),
    ...rest,
    basePrice: toMoney(message.basePrice),
    releases: message.releases.map(toCatalogueRelease),
    offeredAt: isoTimestamp(message.offeredAt),
    listed: message.listed,
  } as z.input<typeof OfferedItem>;
}

export const toOfferedItemPage = (
  message: ListOfferedItemsResponse__Output,
): z.input<typeof OfferedItemPage> => toPage(message, toOfferedItem);
