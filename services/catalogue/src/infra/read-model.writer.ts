import { applyIfNewer } from "@mp/bus";
import type { PoolClient } from "@mp/db";
import type { ReadModelWriter } from "../application/read-model-ports";

/**
 * `created_at` is the one column not taken from the newest event: it is the earliest time any event of the
 * aggregate carried (its createdAt when it has one, which is never later than another event's time), set
 * after every event whatever its version, so the result does not depend on the order events arrive in.
 */
async function keepEarliestCreatedAt(tx: PoolClient, table: "items" | "item_releases", id: string, at: Date) {
  await tx.query(`UPDATE ${table} SET created_at = least(created_at, $2) WHERE id = $1`, [id, at]);
}

/**
 * Serialises every transaction that changes an item or one of its listings, per item, until it commits, so
 * the `from_price_amount` each one recomputes (in a statement begun after the lock, so on a snapshot that
 * sees every earlier such transaction committed) is never overwritten by a concurrent one that did not see
 * its listing.
 */
async function lockItem(tx: PoolClient, itemId: string) {
  await tx.query("SELECT pg_advisory_xact_lock(hashtextextended($1, 7031))", [`catalogue.item:${itemId}`]);
}

/**
 * The lowest price among the item's enabled public listings in its instance, or NULL (docs/catalogue.md):
 * recomputed from `listings` after every change of the item or of one of its listings, never adjusted, so
 * it does not depend on the order or the number of times events arrive. A listing whose item has not
 * arrived yet updates nothing; the item's own event computes it when it does.
 */
async function refreshFromPrice(tx: PoolClient, itemId: string) {
  await tx.query(
    `UPDATE items i SET from_price_amount = p.amount
     FROM (SELECT min(l.price_amount) AS amount FROM items it
           LEFT JOIN listings l ON l.marketplace_item_id = it.id
             AND l.marketplace_instance_id = it.marketplace_instance_id
             AND NOT l.disabled AND l.visibility = 'public'
           WHERE it.id = $1) p
     WHERE i.id = $1 AND i.from_price_amount IS DISTINCT FROM p.amount`,
    [itemId],
  );
}

export function makeReadModelWriter(): ReadModelWriter {
  return {
    async item(tx, item) {
      await lockItem(tx, item.itemId);
      await applyIfNewer(tx, {
        table: "items",
        key: { id: item.itemId },
        version: item.version,
        values: {
          organisation_id: item.organisationId,
          marketplace_instance_id: item.marketplaceInstanceId,
          type: item.type,
          status: item.status,
          display_name: item.displayName,
          description: item.description,
          algorithm_type: item.algorithmType,
          license_url: item.licenseUrl,
          eula_url: item.eulaUrl,
          icon_asset_id: item.iconAssetId,
          image_asset_ids: item.imageAssetIds,
          base_price_amount: item.basePrice?.amount ?? null,
          base_price_currency: item.basePrice?.currency ?? null,
          latest_version: item.latestVersion,
          published_at: item.publishedAt,
        },
      });
      await keepEarliestCreatedAt(tx, "items", item.itemId, new Date(item.createdAt ?? item.occurredAt));
      await refreshFromPrice(tx, item.itemId);
    },

    async itemRelease(tx, release) {
      await applyIfNewer(tx, {
        table: "item_releases",
        key: { id: release.itemReleaseId },
        version: release.version,
        values: {
          item_id: release.itemId,
          infuse_iot_release_id: release.infuseIotReleaseId,
          release_version: release.releaseVersion,
          board: JSON.stringify(release.board),
          size_bytes: release.sizeBytes,
          sha256: release.sha256,
          status: release.status,
        },
      });
      await keepEarliestCreatedAt(tx, "item_releases", release.itemReleaseId, release.createdAt);
    },

    async asset(tx, asset) {
      await applyIfNewer(tx, {
        table: "assets",
        key: { id: asset.id },
        version: asset.version,
        values: {
          object_key: asset.objectKey,
          mime_type: asset.mimeType,
          width: asset.width,
          height: asset.height,
        },
      });
    },

    async offering(tx, offering) {
      await applyIfNewer(tx, {
        table: "offerings",
        key: { id: offering.id },
        version: offering.version,
        values: {
          marketplace_instance_id: offering.marketplaceInstanceId,
          marketplace_item_id: offering.marketplaceItemId,
          created_at: offering.createdAt,
          withdrawn_at: offering.withdrawnAt,
        },
      });
    },

    async listing(tx, listing) {
      await lockItem(tx, listing.marketplaceItemId);
      await applyIfNewer(tx, {
        table: "listings",
        key: { id: listing.id },
        version: listing.version,
        values: {
          marketplace_item_id: listing.marketplaceItemId,
          marketplace_instance_id: listing.marketplaceInstanceId,
          provider_organisation_id: listing.providerOrganisationId,
          price_amount: listing.price.amount,
          price_currency: listing.price.currency,
          visibility: listing.visibility,
          disabled: listing.disabled,
          created_at: listing.createdAt,
          superseded_at: listing.supersededAt,
        },
      });
      await refreshFromPrice(tx, listing.marketplaceItemId);
    },
  };
}
