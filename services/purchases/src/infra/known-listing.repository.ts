import { applyIfNewer } from "@mp/bus";
import type { KnownListing, KnownListingRepository } from "../application/ports";

interface Row {
  id: string;
  marketplace_item_id: string;
  marketplace_instance_id: string;
  provider_organisation_id: string;
  price_amount: string;
  price_currency: string;
  disabled: boolean;
}

const toListing = (row: Row): KnownListing => ({
  id: row.id,
  marketplaceItemId: row.marketplace_item_id,
  marketplaceInstanceId: row.marketplace_instance_id,
  providerOrganisationId: row.provider_organisation_id,
  price: { amount: Number(row.price_amount), currency: row.price_currency },
  disabled: row.disabled,
});

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
    currentOf: async (db, q) => {
      const { rows } = await db.query<Row & { item_known: boolean; display_name: string | null }>(
        `SELECT l.*, i.id IS NOT NULL AS item_known, i.display_name
           FROM known_listings l LEFT JOIN known_items i ON i.id = l.marketplace_item_id
          WHERE l.marketplace_item_id = $1 AND l.marketplace_instance_id = $2
            AND l.provider_organisation_id = $3 AND NOT l.disabled
          ORDER BY l.id DESC LIMIT 1`,
        [q.marketplaceItemId, q.marketplaceInstanceId, q.providerOrganisationId],
      );
      const row = rows[0];
      return (
        row && { ...toListing(row), item: row.item_known ? { displayName: row.display_name } : undefined }
      );
    },
    withItems: async (db, ids) => {
      if (ids.length === 0) return new Map();
      const { rows } = await db.query<Row & { item_known: boolean; display_name: string | null }>({
        name: "purchases-listings-with-items",
        text: `SELECT l.*, i.id IS NOT NULL AS item_known, i.display_name
                 FROM known_listings l LEFT JOIN known_items i ON i.id = l.marketplace_item_id
                WHERE l.id = ANY($1::uuid[])`,
        values: [ids],
      });
      return new Map(
        rows.map((row) => [
          row.id,
          { ...toListing(row), item: row.item_known ? { displayName: row.display_name } : undefined },
        ]),
      );
    },
  };
}
