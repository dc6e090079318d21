import type { Pool, PoolClient, Queryable } from "@mp/db";
import type { AssetRepository } from "../application/ports";
import type { Asset, AssetId, AssetMimeType, AssetStatus, AssetType } from "../domain/asset";

interface AssetRow {
  id: string;
  organisation_id: string;
  asset_type: string;
  mime_type: string;
  file_name: string;
  object_key: string | null;
  status: string;
  size_bytes: string | null;
  width: number | null;
  height: number | null;
  reasons: string[];
  expires_at: Date;
  created_at: Date;
  finalised_at: Date | null;
}

const toAsset = (row: AssetRow): Asset => ({
  id: row.id as AssetId,
  organisationId: row.organisation_id,
  assetType: row.asset_type as AssetType,
  mimeType: row.mime_type as AssetMimeType,
  fileName: row.file_name,
  objectKey: row.object_key,
  status: row.status as AssetStatus,
  sizeBytes: row.size_bytes === null ? null : Number(row.size_bytes),
  width: row.width,
  height: row.height,
  reasons: row.reasons,
  expiresAt: row.expires_at,
  createdAt: row.created_at,
  finalisedAt: row.finalised_at,
});

async function selectOne(db: Queryable, sql: string, params: unknown[]): Promise<Asset | undefined> {
  const { rows } = await db.query<AssetRow>(sql, params);
  return rows[0] ? toAsset(rows[0]) : undefined;
}

/** Every read filters on the organisation: another organisation's asset is indistinguishable from none. */
export function makeAssetRepository(pool: Pool): AssetRepository {
  return {
    async insert(tx: PoolClient, asset: Asset) {
      await tx.query(
        `INSERT INTO assets (id, organisation_id, asset_type, mime_type, file_name, object_key, status,
           size_bytes, width, height, reasons, expires_at, created_at, finalised_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
        [
          asset.id,
          asset.organisationId,
          asset.assetType,
          asset.mimeType,
          asset.fileName,
          asset.objectKey,
          asset.status,
          asset.sizeBytes,
          asset.width,
          asset.height,
          asset.reasons,
          asset.expiresAt,
          asset.createdAt,
          asset.finalisedAt,
        ],
      );
    },

    get: (organisationId, id) =>
      selectOne(pool, "SELECT * FROM assets WHERE organisation_id = $1 AND id = $2", [organisationId, id]),

    getForUpdate: (tx, organisationId, id) =>
      selectOne(tx, "SELECT * FROM assets WHERE organisation_id = $1 AND id = $2 FOR UPDATE", [
        organisationId,
        id,
      ]),

    async getMany(organisationId, ids) {
      const { rows } = await pool.query<AssetRow>(
        "SELECT * FROM assets WHERE ($1::uuid IS NULL OR organisation_id = $1) AND id = ANY($2::uuid[])",
        [organisationId, ids],
      );
      return rows.map(toAsset);
    },

    async saveVerdict(tx: PoolClient, asset: Asset) {
      await tx.query(
        `UPDATE assets SET status = $3, size_bytes = $4, width = $5, height = $6, reasons = $7,
           finalised_at = $8, object_key = $9
         WHERE organisation_id = $1 AND id = $2`,
        [
          asset.organisationId,
          asset.id,
          asset.status,
          asset.sizeBytes,
          asset.width,
          asset.height,
          asset.reasons,
          asset.finalisedAt,
          asset.objectKey,
        ],
      );
    },
  };
}
