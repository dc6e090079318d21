import { z } from "zod";
import {
  guid,
  guidInput,
  Money,
  MoneyInput,
  paged,
  pageQuery,
  queryBool,
  singleLine,
  timestamp,
} from "../common.schemas";
import { ItemType, ListingVisibility } from "../shared/item.schemas";

export const Listing = z
  .object({
    id: guid,
    marketplaceItemId: guid,
    marketplaceInstanceId: guid,
    providerOrganisationId: guid,
    price: Money,
    visibility: ListingVisibility,
    disabled: z.boolean(),
    createdAt: timestamp,
    supersededAt: timestamp.nullable(),
  })
  .meta({ id: "Listing", description: "A provider's offer to sell an item in an instance." });

export const ListingPage = paged(Listing);

export const ListingSummary = z
  .object({
    id: guid,
    marketplaceItemId: guid,
    marketplaceInstanceId: guid,
    displayName: z.string(),
    type: ItemType,
    iconUrl: z.url().nullable(),
    price: Money,
    visibility: ListingVisibility,
    disabled: z.boolean(),
    purchaseCount: z.int().min(0),
    createdAt: timestamp,
  })
  .meta({ id: "ListingSummary", description: "A listing with its item's name, icon and purchase count." });

export const ListingSummaryPage = paged(ListingSummary);

export const CreateListingBody = z.strictObject({
  marketplaceInstanceId: guidInput("Instance the item is offered in."),
  price: MoneyInput.describe("In the base price's currency; must leave the provider a share >= 0."),
  visibility: ListingVisibility.optional().describe("Default `public`."),
});

export const ListingsQuery = z.object({
  disabled: queryBool("Only disabled (`true`) or only enabled (`false`) listings.").optional(),
  marketplaceInstanceId: guidInput("Only listings in this instance.").optional(),
  type: ItemType.optional(),
  search: singleLine()
    .trim()
    .min(1)
    .max(200)
    .optional()
    .describe("Case-insensitive substring of the item's displayName."),
  ...pageQuery(["createdAt", "displayName", "price", "purchaseCount"]),
});

export const ItemListingParams = z.object({
  marketplaceItemId: guidInput("Marketplace item id (guid, any case)."),
});

export const ItemListingQuery = z.object({ marketplaceInstanceId: guidInput("Instance of the listing.") });

export const ListingHistoryQuery = z.object({
  marketplaceInstanceId: guidInput("Instance of the listings."),
  ...pageQuery(["createdAt", "supersededAt"]),
});

export const ListingParams = z.object({ id: guidInput("Listing id (guid, any case).") });

export const VisibilityBody = z.strictObject({ visibility: ListingVisibility });

export const VisibilityState = z
  .object({
    visibility: ListingVisibility,
    setAt: timestamp,
    setBy: z.string().describe("Subject that set it."),
  })
  .meta({
    id: "VisibilityState",
    description: "One appended visibility of a listing; the newest is in force.",
  });

export const VisibilityPage = paged(VisibilityState);

export const VisibilityQuery = z.object(pageQuery(["setAt"], "setAt"));
