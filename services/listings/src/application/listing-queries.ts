import { type Paged, type PageQuery, parsePageQuery, type RawPageQuery } from "@mp/db";
import { type FieldErrors, NotFoundError, ValidationError } from "@mp/errors";
import { type CallContext, requirePrincipal } from "@mp/grpc";
import { ITEM_TYPES, type ItemType } from "../domain/item";
import type { Listing, VisibilityState } from "../domain/listing";
import { isGuid } from "./guid";
import type {
  HistoryOrder,
  IconUrlsPort,
  KnownItemRepository,
  ListingOrder,
  ListingRepository,
  ListingWithItem,
  ListListingsQuery,
} from "./ports";

const LISTING_ORDERS: readonly ListingOrder[] = ["createdAt", "displayName", "price", "purchaseCount"];
const HISTORY_ORDERS: readonly HistoryOrder[] = ["createdAt", "supersededAt"];

export interface RawListListings extends RawPageQuery {
  /** Absent means "no filter"; empty strings too. */
  disabled?: boolean | undefined;
  marketplaceInstanceId: string;
  type: string;
  search: string;
}

export function parseListListings(raw: RawListListings): ListListingsQuery {
  const errors: FieldErrors = {};
  if (raw.marketplaceInstanceId && !isGuid(raw.marketplaceInstanceId))
    errors["query.marketplaceInstanceId"] = ["must be a guid"];
  if (raw.type && !ITEM_TYPES.includes(raw.type as ItemType))
    errors["query.type"] = ["must be app or algorithm"];
  const search = raw.search.trim();
  if (search.length > 200) errors["query.search"] = ["must be at most 200 characters"];
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return {
    ...parsePageQuery(raw, LISTING_ORDERS),
    ...(raw.disabled === undefined ? {} : { disabled: raw.disabled }),
    ...(raw.marketplaceInstanceId ? { marketplaceInstanceId: raw.marketplaceInstanceId.toLowerCase() } : {}),
    ...(raw.type ? { type: raw.type as ItemType } : {}),
    ...(search ? { search } : {}),
  };
}

export interface ListingSummaryView extends ListingWithItem {
  iconUrl: string | null;
  purchaseCount: number;
}

/**
 * The provider's current listings (superseded ones are history), filtered and paged, each with its item's
 * name, type and a fresh icon url: one GetAssets call for the whole page. `purchaseCount` is 0 until
 * purchases exist.
 */
export function makeListListings(deps: { listings: ListingRepository; icons: IconUrlsPort }) {
  return async (raw: RawListListings, ctx: CallContext): Promise<Paged<ListingSummaryView>> => {
    const caller = requirePrincipal(ctx, "provider");
    const page = await deps.listings.list(caller.organisationId.toLowerCase(), parseListListings(raw));
    const iconIds = [...new Set(page.items.flatMap((row) => (row.iconAssetId ? [row.iconAssetId] : [])))];
    const urls = iconIds.length > 0 ? await deps.icons.urls(iconIds, ctx) : new Map<string, string>();
    return {
      ...page,
      items: page.items.map((row) => ({
        ...row,
        iconUrl: row.iconAssetId ? (urls.get(row.iconAssetId) ?? null) : null,
        purchaseCount: 0,
      })),
    };
  };
}

interface ItemListingKey {
  marketplaceItemId: string;
  marketplaceInstanceId: string;
}

function parseKey(raw: ItemListingKey, providerOrganisationId: string) {
  const errors: FieldErrors = {};
  if (!isGuid(raw.marketplaceItemId)) errors["path.marketplaceItemId"] = ["must be a guid"];
  if (!isGuid(raw.marketplaceInstanceId)) errors["query.marketplaceInstanceId"] = ["must be a guid"];
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return {
    providerOrganisationId,
    itemId: raw.marketplaceItemId.toLowerCase(),
    instanceId: raw.marketplaceInstanceId.toLowerCase(),
  };
}

/** The provider's current listing of an item in an instance; 404 when it has none. */
export function makeGetCurrentListing(deps: { listings: ListingRepository }) {
  return async (raw: ItemListingKey, ctx: CallContext): Promise<Listing> => {
    const caller = requirePrincipal(ctx, "provider");
    const listing = await deps.listings.current(parseKey(raw, caller.organisationId.toLowerCase()));
    if (!listing) throw new NotFoundError("Listing");
    return listing;
  };
}

/** The provider's superseded listings of an item in an instance, newest first by default; 404 for an unknown item. */
export function makeListListingHistory(deps: { listings: ListingRepository; items: KnownItemRepository }) {
  return async (raw: ItemListingKey & RawPageQuery, ctx: CallContext): Promise<Paged<Listing>> => {
    const caller = requirePrincipal(ctx, "provider");
    const key = parseKey(raw, caller.organisationId.toLowerCase());
    const query: PageQuery<HistoryOrder> = parsePageQuery(raw, HISTORY_ORDERS);
    if (!(await deps.items.get(key.itemId))) throw new NotFoundError("Marketplace item");
    return deps.listings.history(key, query);
  };
}

/** A listing's visibility series, by `setAt`, newest first unless `direction=asc`. */
export function makeListVisibility(deps: { listings: ListingRepository }) {
  return async (
    raw: RawPageQuery & { listingId: string },
    ctx: CallContext,
  ): Promise<Paged<VisibilityState>> => {
    const caller = requirePrincipal(ctx, "provider");
    if (!isGuid(raw.listingId)) throw new ValidationError({ "path.id": ["must be a guid"] });
    const query = parsePageQuery({ ...raw, orderBy: raw.orderBy || "setAt" }, ["setAt"] as const);
    const listing = await deps.listings.find(
      caller.organisationId.toLowerCase(),
      raw.listingId.toLowerCase(),
    );
    if (!listing) throw new NotFoundError("Listing");
    return deps.listings.visibility(listing.id, query);
  };
}
