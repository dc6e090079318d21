import { type Paged, type Pool, type PoolClient, paged, pageWindow, type Queryable } from "@mp/db";
import type { PageQuery, StoredImage } from "../application/ports";
import type { MetadataRecord } from "../domain/metadata";
import type { PriceRecord } from "../domain/price";

export interface MetadataRow {
  display_name: string | null;
  description: string | null;
  algorithm_type: string | null;
  license_url: string | null;
  eula_url: string | null;
  created_at: Date;
}

export const toMetadata = (row: MetadataRow): MetadataRecord => ({
  displayName: row.display_name,
  description: row.description,
  algorithmType: row.algorithm_type,
  licenseUrl: row.license_url,
  eulaUrl: row.eula_url,
  createdAt: row.created_at,
});

const DIRECTION = { asc: "ASC", desc: "DESC" } as const;

interface ImageRow {
  asset_id: string;
  position: number;
  width: number;
  height: number;
  mime_type: string;
}

interface PriceRow {
  amount: string;
  currency: string;
  effective_from: Date;
  created_at: Date;
}

/** The append-only parts of an item (metadata and price history) and its gallery. */
export function makeItemHistory(pool: Pool) {
  async function page<R, T>(table: string, itemId: string, query: PageQuery, map: (row: R) => T) {
    const { limit, offset } = pageWindow(query.page, query.pageSize);
    const direction = DIRECTION[query.direction];
    const { rows } = await pool.query<R & { total: string }>(
      `SELECT *, count(*) OVER () AS total FROM ${table} WHERE item_id = $1
       ORDER BY created_at ${direction}, id ${direction} LIMIT $2 OFFSET $3`,
      [itemId, limit, offset],
    );
    const total = rows[0]
      ? Number(rows[0].total)
      : Number(
          (await pool.query<{ n: string }>(`SELECT count(*) AS n FROM ${table} WHERE item_id = $1`, [itemId]))
            .rows[0]?.n ?? 0,
        );
    return paged(rows.map(map), query.page, query.pageSize, total);
  }

  return {
    async images(q: Queryable, itemId: string): Promise<StoredImage[]> {
      const { rows } = await q.query<ImageRow>(
        "SELECT * FROM item_images WHERE item_id = $1 ORDER BY position",
        [itemId],
      );
      return rows.map((row) => ({
        assetId: row.asset_id,
        position: row.position,
        width: row.width,
        height: row.height,
        mimeType: row.mime_type,
      }));
    },

    async replaceImages(tx: PoolClient, itemId: string, images: StoredImage[], at: Date): Promise<void> {
      await tx.query("DELETE FROM item_images WHERE item_id = $1", [itemId]);
      for (const [position, image] of images.entries()) {
        await tx.query(
          `INSERT INTO item_images (item_id, asset_id, position, width, height, mime_type, added_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7)`,
          [itemId, image.assetId, position, image.width, image.height, image.mimeType, at],
        );
      }
    },

    metadataHistory: (itemId: string, query: PageQuery): Promise<Paged<MetadataRecord>> =>
      page<MetadataRow, MetadataRecord>("metadata_records", itemId, query, toMetadata),

    async appendPrice(tx: PoolClient, itemId: string, record: { id: string } & PriceRecord): Promise<void> {
      await tx.query(
        `INSERT INTO prices (id, item_id, amount, currency, effective_from, created_at)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [
          record.id,
          itemId,
          record.price.amount,
          record.price.currency,
          record.effectiveFrom,
          record.createdAt,
        ],
      );
    },

    priceHistory: (itemId: string, query: PageQuery): Promise<Paged<PriceRecord>> =>
      page<PriceRow, PriceRecord>("prices", itemId, query, (row) => ({
        price: { amount: Number(row.amount), currency: row.currency },
        effectiveFrom: row.effective_from,
        createdAt: row.created_at,
      })),
  };
}
