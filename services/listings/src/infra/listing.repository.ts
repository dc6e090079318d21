import { type Pool, type PoolClient, type Queryable, selectPage } from "@mp/db";
import type { ListingOrder, ListingRepository, ListingWithItem } from "../application/ports";
import type { ItemType } from "../domain/item";
import type { Listing, Visibility, VisibilityState } from "../domain/listing";

export interface Row {
  id: string;
  marketplace_item_id: string;
  marketplace_instance_id: string;
  provider_organisation_id: string;
  offering_id: string;
  price_amount: string;
  price_currency: string;
  visibility: Visibility;
  disabled: boolean;
  created_at: Date;
  superseded_at: Date | null;
  version: number;
}

interface SummaryRow extends Row {
  display_name: string | null;
  type: ItemType;
  icon_asset_id: string | null;
}

export const toListing = (row: Row): Listing => ({
  id: row.id,
  marketplaceItemId: row.marketplace_item_id,
  marketplaceInstanceId: row.marketplace_instance_id,
  providerOrganisationId: row.provider_organisation_id,
  offeringId: row.offering_id,
  price: { amount: Number(row.price_amount), currency: row.price_currency },
  visibility: row.visibility,
  disabled: row.disabled,
  createdAt: row.created_at,
  supersededAt: row.superseded_at,
  version: row.version,
});

const toSummary = (row: SummaryRow): ListingWithItem => ({
  listing: toListing(row),
  displayName: row.display_name ?? "",
  type: row.type,
  iconAssetId: row.icon_asset_id,
});

/** purchaseCount is 0 for every listing until purchases exist, so it orders like createdAt. */
const LIST_ORDER: Record<ListingOrder, string> = {
  createdAt: "l.created_at",
  displayName: "i.display_name",
  price: "l.price_amount",
  purchaseCount: "l.created_at",
};

/** Serialises the creations made under one request id of one organisation (with the key's hash). */
const CREATION_LOCK = 0x6c737431;

export function makeListingRepository(pool: Pool): ListingRepository {
  const one = async (db: Queryable, sql: string, params: unknown[]) => {
    const { rows } = await db.query<Row>(sql, params);
    return rows[0] ? toListing(rows[0]) : undefined;
  };
  return {
    async insert(tx: PoolClient, l, visibility, creation) {
      await tx.query(
        `INSERT INTO listings (id, marketplace_item_id, marketplace_instance_id, provider_organisation_id,
           offering_id, price_amount, price_currency, visibility, disabled, created_at, superseded_at, version,
           creation_key, creation_digest)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
        [
          l.id,
          l.marketplaceItemId,
          l.marketplaceInstanceId,
          l.providerOrganisationId,
          l.offeringId,
          l.price.amount,
          l.price.currency,
          l.visibility,
          l.disabled,
          l.createdAt,
          l.supersededAt,
          l.version,
          creation?.key ?? null,
          creation?.digest ?? null,
        ],
      );
      await this.appendVisibility(tx, l.id, visibility);
    },
    async lockCreation(tx, providerOrganisationId, key) {
      await tx.query("SELECT pg_advisory_xact_lock($1, hashtext($2::text || ':' || $3::text))", [
        CREATION_LOCK,
        providerOrganisationId,
        key,
      ]);
      const { rows } = await tx.query<Row & { creation_digest: string | null }>(
        "SELECT * FROM listings WHERE provider_organisation_id = $1 AND creation_key = $2",
        [providerOrganisationId, key],
      );
      const row = rows[0];
      return row && { listing: toListing(row), digest: row.creation_digest };
    },
    async update(tx, l) {
      await tx.query(
        "UPDATE listings SET disabled = $2, superseded_at = $3, visibility = $4, version = $5 WHERE id = $1",
        [l.id, l.disabled, l.supersededAt, l.visibility, l.version],
      );
    },
    async appendVisibility(tx, listingId, state: VisibilityState) {
      await tx.query(
        "INSERT INTO listing_visibility (listing_id, visibility, set_at, set_by) VALUES ($1, $2, $3, $4)",
        [listingId, state.visibility, state.setAt, state.setBy],
      );
    },
    current: (key, tx) =>
      one(
        tx ?? pool,
        `SELECT * FROM listings WHERE provider_organisation_id = $1 AND marketplace_item_id = $2
           AND marketplace_instance_id = $3 AND superseded_at IS NULL${tx ? " FOR UPDATE" : ""}`,
        [key.providerOrganisationId, key.itemId, key.instanceId],
      ),
    lock: (tx, providerOrganisationId, id) =>
      one(tx, "SELECT * FROM listings WHERE provider_organisation_id = $1 AND id = $2 FOR UPDATE", [
        providerOrganisationId,
        id,
      ]),
    find: (providerOrganisationId, id) =>
      one(pool, "SELECT * FROM listings WHERE provider_organisation_id = $1 AND id = $2", [
        providerOrganisationId,
        id,
      ]),
    async enabledOfOffering(tx, offeringId) {
      const { rows } = await tx.query<Row>(
        "SELECT * FROM listings WHERE offering_id = $1 AND disabled = false ORDER BY id FOR UPDATE",
        [offeringId],
      );
      return rows.map(toListing);
    },
    list(providerOrganisationId, query) {
      const params: unknown[] = [providerOrganisationId];
      const where = ["l.provider_organisation_id = $1", "l.superseded_at IS NULL"];
      const add = (clause: (n: number) => string, value: unknown) => {
        params.push(value);
        where.push(clause(params.length));
      };
      if (query.disabled !== undefined) add((n) => `l.disabled = $${n}`, query.disabled);
      if (query.marketplaceInstanceId)
        add((n) => `l.marketplace_instance_id = $${n}`, query.marketplaceInstanceId);
      if (query.type) add((n) => `i.type = $${n}`, query.type);
      if (query.search)
        add((n) => `position(lower($${n}) in lower(coalesce(i.display_name, ''))) > 0`, query.search);
      return selectPage<SummaryRow, ListingWithItem>(
        pool,
        {
          select: "l.*, i.display_name, i.type, i.icon_asset_id",
          from: `FROM listings l JOIN known_items i ON i.id = l.marketplace_item_id WHERE ${where.join(" AND ")}`,
          params,
          orderBy: LIST_ORDER[query.orderBy],
          tiebreak: "l.id",
        },
        query,
        toSummary,
      );
    },
    history: (key, query) =>
      selectPage<Row, Listing>(
        pool,
        {
          select: "*",
          from: `FROM listings WHERE provider_organisation_id = $1 AND marketplace_item_id = $2
                   AND marketplace_instance_id = $3 AND superseded_at IS NOT NULL`,
          params: [key.providerOrganisationId, key.itemId, key.instanceId],
          orderBy: query.orderBy === "supersededAt" ? "superseded_at" : "created_at",
          tiebreak: "id",
        },
        query,
        toListing,
      ),
    visibility: (listingId, query) =>
      selectPage<{ visibility: Visibility; set_at: Date; set_by: string }, VisibilityState>(
        pool,
        {
          select: "visibility, set_at, set_by",
          from: "FROM listing_visibility WHERE listing_id = $1",
          params: [listingId],
          orderBy: "set_at",
          tiebreak: "seq",
        },
        query,
        (row) => ({ visibility: row.visibility, setAt: row.set_at, setBy: row.set_by }),
      ),
  };
}
