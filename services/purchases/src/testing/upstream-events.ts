import type { ItemSnapshotV1, ListingSnapshotV1 } from "@mp/contracts";

/**
 * An app item published by another organisation as catalogue announces it, priced at 10.00 EUR, with
 * only what purchases reads set. `at` is when it was published.
 */
export const itemPublished = (item: {
  itemId: string;
  organisationId: string;
  marketplaceInstanceId: string;
  infuseIotApplicationId: number;
  displayName: string;
  latestVersion: string;
  at: string;
}): ItemSnapshotV1 => ({
  itemId: item.itemId,
  organisationId: item.organisationId,
  marketplaceInstanceId: item.marketplaceInstanceId,
  infuseIotApplicationId: item.infuseIotApplicationId,
  type: "app",
  status: "published",
  displayName: item.displayName,
  description: null,
  algorithmType: null,
  licenseUrl: null,
  eulaUrl: null,
  iconAssetId: null,
  imageAssetIds: [],
  basePrice: { amount: 1000, currency: "EUR" },
  latestVersion: item.latestVersion,
  publishedAt: item.at,
  occurredAt: item.at,
  version: 1,
});

/** A public listing of the item by the provider at 20.00 EUR, as listings announces it; `at` is its creation. */
export const listingCreated = (listing: {
  id: string;
  marketplaceItemId: string;
  marketplaceInstanceId: string;
  providerOrganisationId: string;
  at: string;
}): ListingSnapshotV1 => ({
  id: listing.id,
  marketplaceItemId: listing.marketplaceItemId,
  marketplaceInstanceId: listing.marketplaceInstanceId,
  providerOrganisationId: listing.providerOrganisationId,
  price: { amount: 2000, currency: "EUR" },
  visibility: "public",
  disabled: false,
  createdAt: listing.at,
  supersededAt: null,
  occurredAt: listing.at,
  version: 1,
});
