import { applyIfNewer } from "@mp/bus";
import type { Pool, PoolClient, Queryable } from "@mp/db";
import type { KnownItemRepository } from "../application/ports";
import type { ItemStatus, ItemType, KnownItem } from "../domain/item";

interface Row {
  id: string;
  organisation_id: string;
  marketplace_instance_id: string;
  type: ItemType;
  status: ItemStatus;
  display_name: string | null;
  description: string | null;
  icon_asset_id: string | null;
  base_price_amount: string | null;
  base_price_currency: string | null;
}

const toItem = (row: Row): KnownItem => ({
  id: row.id,
  organisationId: row.organisation_id,
  marketplaceInstanceId: row.marketplace_instance_id,
  type: row.type,
  status: row.status,
  displayName: row.display_name,
  description: row.description,
  iconAssetId: row.icon_asset_id,
  basePrice:
    row.base_price_amount !== null && row.base_price_currency !== null
      ? { amount: Number(row.base_price_amount), currency: row.base_price_currency }
      : null,
});

export function makeKnownItemRepository(pool: Pool): KnownItemRepository {
  const read = async (db: Queryable, sql: string, id: string) => {
    const { rows } = await db.query<Row>(sql, [id]);
    return rows[0] ? toItem(rows[0]) : undefined;
  };
  return {
    remember: (tx, item) =>
      applyIfNewer(tx, {
        table: "known_items",
        key: { id: item.id },
        version: item.version,
        values: {
          organisation_id: item.organisationId,
          marketplace_instance_id: item.marketplaceInstanceId,
          type: item.type,
          status: item.status,
          display_name: item.displayName,
          description: item.description,
          icon_asset_id: item.iconAssetId,
          base_price_amount: item.basePrice?.amount ?? null,
          base_price_currency: item.basePrice?.currency ?? null,
        },
      }),
    get: (id, db = pool) => read(db, "SELECT * FROM known_items WHERE id = $1", id),
    lock: (tx: PoolClient, id) => read(tx, "SELECT * FROM known_items WHERE id = $1 FOR UPDATE", id),
  };
}
