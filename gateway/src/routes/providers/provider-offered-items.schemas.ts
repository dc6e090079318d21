import { z } from "zod";
import {
  guid,
  guidInput,
  Money,
  paged,
  pageQueryWithoutDefaultOrder,
  singleLine,
  timestamp,
} from "../common.schemas";
import { ItemImage, ItemRelease, ItemType } from "../shared/item.schemas";

export const OfferedItem = z
  .object({
    id: guid,
    type: ItemType,
    marketplaceInstanceId: guid,
    developerOrganisationId: guid,
    displayName: z.string(),
    description: z.string().nullable(),
    iconUrl: z.url().nullable(),
    images: z.array(ItemImage),
    licenseUrl: z.url().nullable(),
    eulaUrl: z.url().nullable(),
    basePrice: Money,
    latestVersion: z.string().nullable(),
    releases: z.array(ItemRelease),
    offeredAt: timestamp,
    listed: z.boolean().describe("This provider has a current listing of the item."),
  })
  .meta({ id: "OfferedItem", description: "An item an instance's admin offered for providers to list." });

export const OfferedItemPage = paged(OfferedItem);

export const OfferedItemsQuery = z.object({
  marketplaceInstanceId: guidInput("Only items offered in this instance.").optional(),
  type: ItemType.optional(),
  search: singleLine().trim().min(1).max(200).optional().describe("Matches displayName and description."),
  ...pageQueryWithoutDefaultOrder(
    ["relevance", "createdAt", "displayName", "price"],
    "default `relevance` with `search`, `createdAt` without.",
  ),
});
