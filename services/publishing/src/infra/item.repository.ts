import { type Paged, type Pool, paged, pageWindow, type Queryable } from "@mp/db";
import { ConflictError } from "@mp/errors";
import type { ItemRepository, ItemState, ListItemsQuery } from "../application/ports";
import type { Item, ItemId, ItemStatus, ItemType } from "../domain/item";
import { EMPTY_METADATA, type MetadataFields } from "../domain/metadata";
import { type MetadataRow, makeItemHistory, toMetadata } from "./item-history.repository";

interface ItemRow {
  id: string;
  organisation_id: string;
  marketplace_instance_id: string;
  infuse_iot_application_id: number;
  type: ItemType;
  status: ItemStatus;
  created_at: Date;
  updated_at: Date;
  published_at: Date | null;
  icon_asset_id: string | null;
}

const toItem = (row: ItemRow): Item => ({
  id: row.id as ItemId,
  type: row.type,
  organisationId: row.organisation_id,
  marketplaceInstanceId: row.marketplace_instance_id,
  infuseIotApplicationId: row.infuse_iot_application_id,
  status: row.status,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  publishedAt: row.published_at,
});

/** The newest metadata record of each item; the list orders and searches over it. */
const LATEST_METADATA = `LEFT JOIN LATERAL (
  SELECT display_name, description FROM metadata_records m
  WHERE m.item_id = i.id ORDER BY m.created_at DESC, m.id DESC LIMIT 1) md ON true`;

/** ORDER BY clauses by contract orderBy value; ids break ties so pages never overlap or skip rows. */
const ORDER_SQL = {
  createdAt: { asc: "i.created_at ASC, i.id ASC", desc: "i.created_at DESC, i.id DESC" },
  updatedAt: { asc: "i.updated_at ASC, i.id ASC", desc: "i.updated_at DESC, i.id DESC" },
  displayName: {
    asc: "lower(md.display_name) ASC NULLS LAST, i.id ASC",
    desc: "lower(md.display_name) DESC NULLS LAST, i.id DESC",
  },
} as const;

const UNIQUE_VIOLATION = "23505";

async function insertMetadata(
  q: Queryable,
  itemId: string,
  record: { id: string; fields: MetadataFields; at: Date },
): Promise<void> {
  const f = record.fields;
  await q.query(
    `INSERT INTO metadata_records (id, item_id, display_name, description, algorithm_type, license_url, eula_url, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [record.id, itemId, f.displayName, f.description, f.algorithmType, f.licenseUrl, f.eulaUrl, record.at],
  );
}

export function makeItemRepository(pool: Pool): ItemRepository {
  const history = makeItemHistory(pool);
  return {
    ...history,

    async insert(tx, item, metadata) {
      try {
        await tx.query(
          `INSERT INTO items (id, organisation_id, marketplace_instance_id, infuse_iot_application_id, type, status,
             created_at, updated_at, published_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
          [
            item.id,
            item.organisationId,
            item.marketplaceInstanceId,
            item.infuseIotApplicationId,
            item.type,
            item.status,
            item.createdAt,
            item.updatedAt,
            item.publishedAt,
          ],
        );
      } catch (error) {
        if ((error as { code?: string }).code !== UNIQUE_VIOLATION) throw error;
        throw new ConflictError(
          "already-linked",
          "The IoT application already has an item in this marketplace instance.",
        );
      }
      await insertMetadata(tx, item.id, { ...metadata, at: item.createdAt });
    },

    async lock(tx, organisationId, id) {
      const { rows } = await tx.query<ItemRow>(
        "SELECT * FROM items WHERE id = $1 AND organisation_id = $2 FOR UPDATE",
        [id, organisationId],
      );
      return rows[0] ? toItem(rows[0]) : undefined;
    },

    async find(organisationId, id) {
      const { rows } = await pool.query<ItemRow>(
        "SELECT * FROM items WHERE id = $1 AND organisation_id = $2",
        [id, organisationId],
      );
      return rows[0] ? toItem(rows[0]) : undefined;
    },

    async list(organisationId: string, query: ListItemsQuery): Promise<Paged<Item>> {
      const where = ["i.organisation_id = $1"];
      const values: unknown[] = [organisationId];
      const add = (sql: string, value: unknown) => {
        values.push(value);
        where.push(sql.replace("?", `$${values.length}`));
      };
      if (query.marketplaceInstanceId) add("i.marketplace_instance_id = ?", query.marketplaceInstanceId);
      if (query.type) add("i.type = ?", query.type);
      if (query.status) add("i.status = ?", query.status);
      if (query.search) {
        const pattern = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        add("(md.display_name ILIKE ? OR md.description ILIKE ?)", pattern);
        where[where.length - 1] = where[where.length - 1]!.replace("?", `$${values.length}`);
      }
      const { limit, offset } = pageWindow(query.page, query.pageSize);
      const from = `FROM items i ${LATEST_METADATA} WHERE ${where.join(" AND ")}`;
      const { rows } = await pool.query<ItemRow>(
        `SELECT i.* ${from} ORDER BY ${ORDER_SQL[query.orderBy][query.direction]}
         LIMIT ${limit} OFFSET ${offset}`,
        values,
      );
      const count = await pool.query<{ n: string }>(`SELECT count(*) AS n ${from}`, values);
      return paged(rows.map(toItem), query.page, query.pageSize, Number(count.rows[0]?.n ?? 0));
    },

    async state(item, tx) {
      const q: Queryable = tx ?? pool;
      // One query at a time: a transaction's client must not run queries concurrently.
      const metadata = await q.query<MetadataRow>(
        "SELECT * FROM metadata_records WHERE item_id = $1 ORDER BY created_at DESC, id DESC LIMIT 1",
        [item.id],
      );
      const icon = await q.query<{ icon_asset_id: string | null; version: number }>(
        "SELECT icon_asset_id, version FROM items WHERE id = $1",
        [item.id],
      );
      const images = await history.images(q, item.id);
      const price = await q.query<{ amount: string; currency: string }>(
        "SELECT amount, currency FROM prices WHERE item_id = $1 ORDER BY created_at DESC, id DESC LIMIT 1",
        [item.id],
      );
      const releases = await q.query<{
        non_failed: string;
        available: string;
        latest_version: string | null;
      }>(
        `SELECT count(*) FILTER (WHERE status <> 'failed') AS non_failed,
                count(*) FILTER (WHERE status = 'available') AS available,
                (SELECT version FROM item_releases r WHERE r.item_id = $1 AND r.status = 'available'
                 ORDER BY r.created_at DESC, r.id DESC LIMIT 1) AS latest_version
         FROM item_releases WHERE item_id = $1`,
        [item.id],
      );
      const priceRow = price.rows[0];
      const releaseRow = releases.rows[0];
      const state: ItemState = {
        item,
        metadata: metadata.rows[0]
          ? toMetadata(metadata.rows[0])
          : { ...EMPTY_METADATA, createdAt: item.createdAt },
        iconAssetId: icon.rows[0]?.icon_asset_id ?? null,
        images,
        basePrice: priceRow ? { amount: Number(priceRow.amount), currency: priceRow.currency } : null,
        releaseCount: Number(releaseRow?.non_failed ?? 0),
        availableReleases: Number(releaseRow?.available ?? 0),
        latestVersion: releaseRow?.latest_version ?? null,
        version: icon.rows[0]?.version ?? 1,
      };
      return state;
    },

    async update(tx, item, changes) {
      const { rows } = await tx.query<{ version: number }>(
        `UPDATE items SET status = $2, updated_at = $3, published_at = $4,
           icon_asset_id = COALESCE($5, icon_asset_id), version = version + 1 WHERE id = $1 RETURNING version`,
        [item.id, item.status, item.updatedAt, item.publishedAt, changes.iconAssetId ?? null],
      );
      if (!rows[0]) throw new Error(`item ${item.id} vanished while being changed`);
      return rows[0].version;
    },

    appendMetadata: (tx, itemId, record) => insertMetadata(tx, itemId, record),
  };
}
