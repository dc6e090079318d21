import type { Pool, Queryable } from "@mp/db";
import type { ReleaseItem, ReleaseItemReader } from "../application/release-ports";

interface ItemRow {
  id: string;
  organisation_id: string;
  marketplace_instance_id: string;
  infuse_iot_application_id: number;
  status: ReleaseItem["status"];
}

const COLUMNS = "id, organisation_id, marketplace_instance_id, infuse_iot_application_id, status";

const toItem = (row: ItemRow): ReleaseItem => ({
  id: row.id,
  organisationId: row.organisation_id,
  marketplaceInstanceId: row.marketplace_instance_id,
  infuseIotApplicationId: row.infuse_iot_application_id,
  status: row.status,
});

/**
 * Reads of the `items` table that item releases need. The table belongs to the items part of this
 * service; these queries use only its stable columns (see migrations/0002_items.sql).
 */
export function makeReleaseItemReader(pool: Pool): ReleaseItemReader {
  return {
    async findOwned(organisationId, itemId) {
      const { rows } = await pool.query<ItemRow>(
        `SELECT ${COLUMNS} FROM items WHERE id = $1 AND organisation_id = $2`,
        [itemId, organisationId],
      );
      return rows[0] ? toItem(rows[0]) : undefined;
    },

    async get(itemId) {
      const { rows } = await pool.query<ItemRow>(`SELECT ${COLUMNS} FROM items WHERE id = $1`, [itemId]);
      return rows[0] ? toItem(rows[0]) : undefined;
    },

    async lockStatus(tx: Queryable, itemId) {
      const { rows } = await tx.query<Pick<ItemRow, "status">>(
        "SELECT status FROM items WHERE id = $1 FOR SHARE",
        [itemId],
      );
      return rows[0]?.status;
    },

    async linksFor(organisationId, marketplaceInstanceId, applicationIds) {
      const { rows } = await pool.query<ItemRow>(
        `SELECT ${COLUMNS} FROM items
         WHERE organisation_id = $1 AND marketplace_instance_id = $2 AND infuse_iot_application_id = ANY($3::int[])`,
        [organisationId, marketplaceInstanceId, applicationIds],
      );
      return new Map(rows.map((row) => [row.infuse_iot_application_id, { id: row.id, status: row.status }]));
    },
  };
}
