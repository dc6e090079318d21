import { applyIfNewer } from "@mp/bus";
import type { KnownListingRepository } from "../application/ports";

interface Row {
  id: string;
  marketplace_item_id: string;
  marketplace_instance_id: string;
  provider_organisation_id: string;
  price_amount: string;
  price_currency: string;
  disabled: boolean;
}

export function makeKnownListingRepository(): KnownListingRepository {
  return {
    remember: (tx, listing) =>
      applyIfNewer(tx, {
        table: "known_listings",
        key: { id: listing.id },
        version: listing.version,
        values: {
          marketplace_item_id: listing.marketplaceItemId,
          marketplace_instance_id: listing.marketplaceInstanceId,
          provider_organisation_id: listing.providerOrganisationId,
          price_amount: listing.price.amount,
          price_currency: listing.price.currency,
          disabled: listing.disabled,
        },
      }),
    get: async (db, id) => {
      const { rows } = await db.query<Row>("SELECT * FROM known_listings WHERE id = $1", [id]);
      const row = rows[0];
      return row
        ? {
            id: row.id,
            marketplaceItemId: row.marketplace_item_id,
            marketplaceInstanceId: row.marketplace_instance_id,
            providerOrganisationId: row.provider_organisation_id,
            price: { amount: Number(row.price_amount), currency: row.price_currency },
            disabled: row.disabled,
          }
        : undefined;
    },
  };
}
