import { type Pool, type PoolClient, type Queryable, selectPage } from "@mp/db";
import type { OfferingRepository } from "../application/ports";
import type { Offering } from "../domain/offering";

export interface Row {
  id: string;
  marketplace_instance_id: string;
  marketplace_item_id: string;
  created_at: Date;
  withdrawn_at: Date | null;
  version: number;
}

export const toOffering = (row: Row): Offering => ({
  id: row.id,
  marketplaceInstanceId: row.marketplace_instance_id,
  marketplaceItemId: row.marketplace_item_id,
  createdAt: row.created_at,
  withdrawnAt: row.withdrawn_at,
  version: row.version,
});

export function makeOfferingRepository(pool: Pool): OfferingRepository {
  const many = async (db: Queryable, sql: string, params: unknown[]) =>
    (await db.query<Row>(sql, params)).rows.map(toOffering);
  return {
    async insert(tx: PoolClient, o) {
      await tx.query(
        `INSERT INTO offerings (id, marketplace_instance_id, marketplace_item_id, created_at, withdrawn_at, version)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [o.id, o.marketplaceInstanceId, o.marketplaceItemId, o.createdAt, o.withdrawnAt, o.version],
      );
    },
    async update(tx: PoolClient, o) {
      await tx.query("UPDATE offerings SET withdrawn_at = $2, version = $3 WHERE id = $1", [
        o.id,
        o.withdrawnAt,
        o.version,
      ]);
    },
    async active(db, instanceId, itemId) {
      const [found] = await many(
        db,
        `SELECT * FROM offerings
         WHERE marketplace_instance_id = $1 AND marketplace_item_id = $2 AND withdrawn_at IS NULL`,
        [instanceId, itemId],
      );
      return found;
    },
    activeOfItem: (tx, itemId) =>
      many(
        tx,
        "SELECT * FROM offerings WHERE marketplace_item_id = $1 AND withdrawn_at IS NULL ORDER BY id FOR UPDATE",
        [itemId],
      ),
    async lock(tx, instanceId, id) {
      const [found] = await many(
        tx,
        "SELECT * FROM offerings WHERE marketplace_instance_id = $1 AND id = $2 FOR UPDATE",
        [instanceId, id],
      );
      return found;
    },
    list: (instanceId, query) =>
      selectPage<Row, Offering>(
        pool,
        {
          select: "*",
          from: "FROM offerings WHERE marketplace_instance_id = $1",
          params: [instanceId],
          orderBy: "created_at",
          tiebreak: "id",
        },
        query,
        toOffering,
      ),
  };
}
