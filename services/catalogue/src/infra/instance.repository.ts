import { type Paged, type Pool, paged, pageWindow } from "@mp/db";
import type { InstanceRepository, ListInstancesQuery } from "../application/ports";
import type { Instance, InstanceId } from "../domain/instance";

interface InstanceRow {
  id: string;
  name: string;
  owner_organisation_id: string;
  default_currency: string;
  platform_fee_bps: number;
  created_at: Date;
}

const toInstance = (row: InstanceRow): Instance => ({
  id: row.id as InstanceId,
  name: row.name,
  ownerOrganisationId: row.owner_organisation_id,
  defaultCurrency: row.default_currency,
  platformFeeBps: row.platform_fee_bps,
  createdAt: row.created_at,
});

/** A page row in the page query's column order (`COLUMNS`, then the total). */
type PageRow = [
  id: string,
  name: string,
  ownerOrganisationId: string,
  defaultCurrency: string,
  platformFeeBps: number,
  createdAt: Date,
  total: string,
];

const fromPageRow = (row: PageRow): Instance => ({
  id: row[0] as InstanceId,
  name: row[1],
  ownerOrganisationId: row[2],
  defaultCurrency: row[3],
  platformFeeBps: row[4],
  createdAt: row[5],
});

/** ORDER BY clauses by contract orderBy value; ids break ties so pages never overlap or skip rows. */
const ORDER_SQL = {
  createdAt: { asc: "created_at ASC, id ASC", desc: "created_at DESC, id DESC" },
  name: { asc: "lower(name) ASC, id ASC", desc: "lower(name) DESC, id DESC" },
} as const;

const COLUMNS = "id, name, owner_organisation_id, default_currency, platform_fee_bps, created_at";

const pageQueries = new Map<string, { name: string; text: string }>();

/**
 * The page query of an order, named: PostgreSQL parses and plans it once per connection instead of on
 * every list (the columns are spelled out, so a column added later cannot change a prepared result).
 * The total is a scalar subquery, counted once per statement (same snapshot as the page), rather than a
 * window over every row, which carries each row of the table through a window aggregate before the LIMIT.
 */
function pageQuery(orderBy: ListInstancesQuery["orderBy"], direction: ListInstancesQuery["direction"]) {
  const name = `catalogue-instances-page-${orderBy}-${direction}`;
  let query = pageQueries.get(name);
  if (!query) {
    const order = ORDER_SQL[orderBy][direction];
    query = {
      name,
      text: `SELECT ${COLUMNS}, (SELECT count(*) FROM instances) AS total FROM instances
        ORDER BY ${order} LIMIT $1 OFFSET $2`,
    };
    pageQueries.set(name, query);
  }
  return query;
}

export function makeInstanceRepository(pool: Pool): InstanceRepository {
  return {
    insertOnceStatement(instance: Instance, creationKey: string) {
      return {
        text: `INSERT INTO instances
                 (id, name, owner_organisation_id, default_currency, platform_fee_bps, created_at, creation_key)
               VALUES ($1, $2, $3, $4, $5, $6, $7)
               ON CONFLICT (owner_organisation_id, creation_key) WHERE creation_key IS NOT NULL DO NOTHING
               RETURNING 1`,
        values: [
          instance.id,
          instance.name,
          instance.ownerOrganisationId,
          instance.defaultCurrency,
          instance.platformFeeBps,
          instance.createdAt,
          creationKey,
        ],
      };
    },

    async findByCreationKey(organisationId: string, creationKey: string) {
      const { rows } = await pool.query<InstanceRow>(
        "SELECT * FROM instances WHERE owner_organisation_id = $1 AND creation_key = $2",
        [organisationId, creationKey],
      );
      return rows[0] ? toInstance(rows[0]) : undefined;
    },

    async get(id: string) {
      const { rows } = await pool.query<InstanceRow>("SELECT * FROM instances WHERE id = $1", [id]);
      return rows[0] ? toInstance(rows[0]) : undefined;
    },

    async list(query: ListInstancesQuery): Promise<Paged<Instance>> {
      const { limit, offset } = pageWindow(query.page, query.pageSize);
      // Rows as arrays: pg then makes no object keyed by column name per row before the mapping below.
      const { rows } = await pool.query<PageRow>({
        ...pageQuery(query.orderBy, query.direction),
        values: [limit, offset],
        rowMode: "array",
      });
      const total = rows[0] ? Number(rows[0][6]) : await countAll(pool);
      return paged(rows.map(fromPageRow), query.page, query.pageSize, total);
    },
  };
}

/** A page past the end has no rows to carry the total; ask for it directly. */
async function countAll(pool: Pool): Promise<number> {
  const { rows } = await pool.query<{ n: string }>("SELECT count(*) AS n FROM instances");
  return Number(rows[0]?.n ?? 0);
}
