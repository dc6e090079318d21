import { newEvent } from "@mp/bus";
import type { ListingSnapshotV1, OfferingSnapshotV1 } from "@mp/contracts";
import type { Listing } from "../domain/listing";
import type { Offering } from "../domain/offering";

export const SOURCE = "listings";

export function offeringSnapshotOf(offering: Offering, occurredAt: Date): OfferingSnapshotV1 {
  return {
    id: offering.id,
    marketplaceInstanceId: offering.marketplaceInstanceId,
    marketplaceItemId: offering.marketplaceItemId,
    createdAt: offering.createdAt.toISOString(),
    withdrawnAt: offering.withdrawnAt?.toISOString() ?? null,
    occurredAt: occurredAt.toISOString(),
    version: offering.version,
  };
}

export function listingSnapshotOf(listing: Listing, occurredAt: Date): ListingSnapshotV1 {
  return {
    id: listing.id,
    marketplaceItemId: listing.marketplaceItemId,
    marketplaceInstanceId: listing.marketplaceInstanceId,
    providerOrganisationId: listing.providerOrganisationId,
    price: listing.price,
    visibility: listing.visibility,
    disabled: listing.disabled,
    createdAt: listing.createdAt.toISOString(),
    supersededAt: listing.supersededAt?.toISOString() ?? null,
    occurredAt: occurredAt.toISOString(),
    version: listing.version,
  };
}

export const offeringEvent = (type: string, offering: Offering, at: Date) =>
  newEvent(type, SOURCE, offeringSnapshotOf(offering, at), at);

export const listingEvent = (type: string, listing: Listing, at: Date) =>
  newEvent(type, SOURCE, listingSnapshotOf(listing, at), at);
