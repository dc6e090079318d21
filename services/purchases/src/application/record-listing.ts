import type { EventEnvelope } from "@mp/bus";
import type { ListingSnapshotV1 } from "@mp/contracts";
import type { PoolClient } from "@mp/db";
import type { KnownListingRepository } from "./ports";

/** Handler of every listings.listing.*.v1 event: keeps the listing when its version is newer. */
export function makeRecordListing(deps: { listings: KnownListingRepository }) {
  return async ({ data }: EventEnvelope<ListingSnapshotV1>, tx: PoolClient): Promise<void> => {
    await deps.listings.remember(tx, {
      id: data.id,
      marketplaceItemId: data.marketplaceItemId,
      marketplaceInstanceId: data.marketplaceInstanceId,
      providerOrganisationId: data.providerOrganisationId,
      price: data.price,
      disabled: data.disabled,
      version: data.version,
    });
  };
}
