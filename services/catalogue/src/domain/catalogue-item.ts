/**
 * What the catalogue shows of an item: the storefront facts publishing announced, with the listings and
 * offerings the listings service announced. Read models only: nothing here is owned by the catalogue.
 */

export const ITEM_TYPES = ["app", "algorithm"] as const;
export type ItemType = (typeof ITEM_TYPES)[number];

/** An amount in the currency's minor unit (integer). */
export interface Money {
  amount: number;
  currency: string;
}

export interface ItemImage {
  assetId: string;
  position: number;
  url: string;
  width: number;
  height: number;
  mimeType: string;
}

export interface ListingPrice {
  listingId: string;
  providerOrganisationId: string;
  price: Money;
}

export interface ItemRelease {
  id: string;
  marketplaceItemId: string;
  infuseIotReleaseId: string;
  version: string;
  board: { id: string; name: string; target: string };
  sizeBytes: number;
  sha256: string | null;
  status: "available";
  createdAt: Date;
}

/** The storefront of an item as the read model holds it: assets by id, never urls (they expire). */
export interface StorefrontItem {
  id: string;
  type: ItemType;
  organisationId: string;
  marketplaceInstanceId: string;
  createdAt: Date;
  displayName: string;
  description: string | null;
  licenseUrl: string | null;
  eulaUrl: string | null;
  latestVersion: string | null;
  basePrice: Money | null;
  iconAssetId: string | null;
  imageAssetIds: string[];
}

/** Published, with at least one enabled public listing in its instance. */
export interface ListedItemRecord extends StorefrontItem {
  /** The lowest enabled public listing price. */
  fromPrice: Money;
  /** Enabled public listings, cheapest first. */
  listings: ListingPrice[];
}

/** Published, with an active offering: providers may list it. */
export interface OfferedItemRecord extends StorefrontItem {
  offeredAt: Date;
  /** The asking provider's organisation has a current (enabled) listing of it in the instance. */
  listed: boolean;
}

/** Icon and image urls, presigned when the item is read. */
export interface ItemMedia {
  iconUrl: string | null;
  images: ItemImage[];
}

export type ListedItem = ListedItemRecord & ItemMedia;
export type OfferedItem = OfferedItemRecord & ItemMedia & { releases: ItemRelease[] };
