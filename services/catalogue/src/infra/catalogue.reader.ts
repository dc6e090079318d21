import { type Paged, type Pool, paged, pageWindow } from "@mp/db";
import { LRUCache } from "lru-cache";
import type { CatalogueQuery } from "../application/catalogue-query";
import type { CatalogueReader, StoredAsset } from "../application/read-model-ports";
import type {
  ItemRelease,
  ItemType,
  ListedItemRecord,
  ListingPrice,
  OfferedItemRecord,
  StorefrontItem,
} from "../domain/catalogue-item";
import { itemSearchSql, prefixQuery, sortKeySql } from "./item-search.sql";

interface ItemRow {
  id: string;
  organisation_id: string;
  marketplace_instance_id: string;
  type: string;
  display_name: string | null;
  description: string | null;
  license_url: string | null;
  eula_url: string | null;
  icon_asset_id: string | null;
  image_asset_ids: string[];
  base_price_amount: string | null;
  base_price_currency: string | null;
  latest_version: string | null;
  created_at: Date;
  total: string;
}

interface ListedRow extends ItemRow {
  from_amount: string;
  from_currency: string;
  listings: { listingId: string; providerOrganisationId: string; amount: number; currency: string }[];
}

interface OfferedRow extends ItemRow {
  offered_at: Date;
  listed: boolean;
}

const toStorefront = (row: ItemRow): StorefrontItem => ({
  id: row.id,
  type: row.type as ItemType,
  organisationId: row.organisation_id,
  marketplaceInstanceId: row.marketplace_instance_id,
  createdAt: row.created_at,
  displayName: row.display_name ?? "",
  description: row.description,
  licenseUrl: row.license_url,
  eulaUrl: row.eula_url,
  latestVersion: row.latest_version,
  basePrice:
    row.base_price_amount === null
      ? null
      : { amount: Number(row.base_price_amount), currency: (row.base_price_currency ?? "").trim() },
  iconAssetId: row.icon_asset_id,
  imageAssetIds: row.image_asset_ids,
});

const toListed = (row: ListedRow): ListedItemRecord => ({
  ...toStorefront(row),
  fromPrice: { amount: Number(row.from_amount), currency: row.from_currency.trim() },
  listings: row.listings.map(
    (l): ListingPrice => ({
      listingId: l.listingId,
      providerOrganisationId: l.providerOrganisationId,
      price: { amount: Number(l.amount), currency: l.currency.trim() },
    }),
  ),
});

const toOffered = (row: OfferedRow): OfferedItemRecord => ({
  ...toStorefront(row),
  offeredAt: row.offered_at,
  listed: row.listed,
});

/** Enabled public listings of the item in its instance (`l`). */
const PUBLIC_LISTING = `l.marketplace_item_id = i.id AND l.marketplace_instance_id = i.marketplace_instance_id
      AND NOT l.disabled AND l.visibility = 'public'`;

/**
 * The item columns a page shows (\`ItemRow\`): not \`i.*\`, whose search columns (the tsvector, the folded
 * texts) would be sent and parsed for every row only to be dropped.
 */
const ITEM_COLUMNS = [
  "id",
  "organisation_id",
  "marketplace_instance_id",
  "type",
  "display_name",
  "description",
  "license_url",
  "eula_url",
  "icon_asset_id",
  "image_asset_ids",
  "base_price_amount",
  "base_price_currency",
  "latest_version",
  "created_at",
]
  .map((c) => `i.${c}`)
  .join(", ");

/** The public listings themselves, cheapest first: computed for the page's rows only. */
const PUBLIC_LISTINGS = `CROSS JOIN LATERAL (
    SELECT (array_agg(l.price_currency ORDER BY l.price_amount, l.id))[1] AS from_currency,
           jsonb_agg(jsonb_build_object('listingId', l.id, 'providerOrganisationId', l.provider_organisation_id,
                     'amount', l.price_amount, 'currency', l.price_currency) ORDER BY l.price_amount, l.id) AS listings
    FROM listings l WHERE ${PUBLIC_LISTING}) d`;

/** The item's active offering (the newest, should two ever be active at once). */
const ACTIVE_OFFERING = `CROSS JOIN LATERAL (
    SELECT o.created_at FROM offerings o
    WHERE o.marketplace_item_id = i.id AND o.marketplace_instance_id = i.marketplace_instance_id
      AND o.withdrawn_at IS NULL
    ORDER BY o.created_at DESC, o.id DESC LIMIT 1) o`;

const providerListed = (param: string) => `EXISTS (
    SELECT 1 FROM listings l
    WHERE l.marketplace_item_id = i.id AND l.marketplace_instance_id = i.marketplace_instance_id
      AND l.provider_organisation_id = ${param} AND NOT l.disabled) AS listed`;

/**
 * How one kind of list finds its items and what it shows of them. `match*` runs for every matching item
 * (keep it to index lookups); `detail*` only for the rows of the page.
 */
interface ListShape {
  matchJoin: string;
  matchSelect: string;
  matchWhere: string[];
  price: string;
  detailJoin: string;
  detailSelect: string;
  params: unknown[];
}

/** Distinct searches whose prefix query a reader remembers (searches are at most 200 characters: about a megabyte at most). */
export const PREFIX_QUERY_CACHE_SIZE = 2_000;

export function makeCatalogueReader(pool: Pool) {
  /**
   * The prefix query of recent searches. It depends only on the search text (the parser, the folding
   * and the unaccent rules are fixed), so a repeated search skips the round trip that computes it.
   */
  const prefixes = new LRUCache<string, { tsquery: string | null }>({ max: PREFIX_QUERY_CACHE_SIZE });
  async function cachedPrefixQuery(search: string): Promise<string | null> {
    const known = prefixes.get(search);
    if (known) return known.tsquery;
    const tsquery = await prefixQuery(pool, search);
    prefixes.set(search, { tsquery });
    return tsquery;
  }

  /** One page of items matching `query` in the shape given, with the total. */
  async function page<R extends ItemRow>(query: CatalogueQuery, shape: ListShape): Promise<Paged<R>> {
    const tsquery = query.search ? await cachedPrefixQuery(query.search) : null;
    if (tsquery) {
      const exact = await pageOf<R>(query, shape, tsquery);
      if (exact.totalCount > 0) return exact;
    }
    return pageOf<R>(query, shape, null);
  }

  /** One page by full text (`tsquery`), or by the typo search / the filters alone (null). */
  async function pageOf<R extends ItemRow>(
    query: CatalogueQuery,
    shape: ListShape,
    tsquery: string | null,
  ): Promise<Paged<R>> {
    const params = [...shape.params];
    const search = itemSearchSql(query, tsquery, params);
    const sortKey = sortKeySql(query.orderBy, { score: search.score, price: shape.price });
    const matching = `WITH matching AS (
      SELECT i.id, ${sortKey} AS sort_key, ${shape.matchSelect}
      FROM items i ${shape.matchJoin}
      WHERE ${[...search.where, ...shape.matchWhere].join(" AND ")})`;
    // The id breaks every tie, so pages never overlap or skip an item.
    const dir = query.direction === "asc" ? "ASC" : "DESC";
    const order = `sort_key ${dir}, id ${dir}`;
    const { limit, offset } = pageWindow(query.page, query.pageSize);
    const { rows } = await pool.query<R>(
      `${matching}, page AS (
         SELECT *, count(*) OVER () AS total FROM matching ORDER BY ${order} LIMIT ${limit} OFFSET ${offset})
       SELECT ${ITEM_COLUMNS}, page.*${shape.detailSelect ? `, ${shape.detailSelect}` : ""} FROM page JOIN items i ON i.id = page.id ${shape.detailJoin}
       ORDER BY page.sort_key ${dir}, page.id ${dir}`,
      params,
    );
    // A page past the end has no row to carry the window count: count the same rows directly.
    const total = rows[0]
      ? Number(rows[0].total)
      : Number(
          (await pool.query<{ n: string }>(`${matching} SELECT count(*) AS n FROM matching`, params)).rows[0]
            ?.n,
        );
    return paged(rows, query.page, query.pageSize, total);
  }

  const listedShape = (matchWhere: string[] = [], params: unknown[] = []): ListShape => ({
    // Listed: published (the search's own filter) with an enabled public listing, whose lowest price the
    // read-model writer keeps on the item's row (migration 0003): no per-match lookup in \`listings\`.
    matchJoin: "",
    matchSelect: "i.from_price_amount AS from_amount",
    matchWhere: ["i.from_price_amount IS NOT NULL", ...matchWhere],
    price: "i.from_price_amount",
    detailJoin: PUBLIC_LISTINGS,
    detailSelect: "d.from_currency, d.listings",
    params,
  });
  const offeredShape = (
    organisationId: string,
    matchWhere: string[] = [],
    params: unknown[] = [],
  ): ListShape => ({
    matchJoin: ACTIVE_OFFERING,
    // In the match, not the detail: the count of a page past the end must use every parameter too.
    matchSelect: `o.created_at AS offered_at, ${providerListed("$1")}`,
    matchWhere,
    price: "i.base_price_amount",
    detailJoin: "",
    detailSelect: "",
    params: [organisationId, ...params],
  });
  const one = (marketplaceInstanceId?: string): CatalogueQuery => ({
    page: 1,
    pageSize: 1,
    orderBy: "createdAt",
    direction: "desc",
    ...(marketplaceInstanceId ? { marketplaceInstanceId } : {}),
  });

  const reader: CatalogueReader = {
    async listListed(query) {
      const result = await page<ListedRow>(query, listedShape());
      return { ...result, items: result.items.map(toListed) };
    },

    async getListed(id, marketplaceInstanceId) {
      const result = await page<ListedRow>(one(marketplaceInstanceId), listedShape(["i.id = $1"], [id]));
      return result.items[0] ? toListed(result.items[0]) : undefined;
    },

    async listOffered(providerOrganisationId, query) {
      const result = await page<OfferedRow>(query, offeredShape(providerOrganisationId));
      return { ...result, items: result.items.map(toOffered) };
    },

    async getOffered(providerOrganisationId, id) {
      const result = await page<OfferedRow>(one(), offeredShape(providerOrganisationId, ["i.id = $2"], [id]));
      return result.items[0] ? toOffered(result.items[0]) : undefined;
    },

    async assets(ids) {
      if (ids.length === 0) return new Map();
      const { rows } = await pool.query<{
        id: string;
        object_key: string;
        mime_type: string;
        width: number;
        height: number;
      }>("SELECT id, object_key, mime_type, width, height FROM assets WHERE id = ANY($1::uuid[])", [ids]);
      return new Map(
        rows.map((r): [string, StoredAsset] => [
          r.id,
          { id: r.id, objectKey: r.object_key, mimeType: r.mime_type, width: r.width, height: r.height },
        ]),
      );
    },

    async availableReleases(itemIds) {
      const byItem = new Map<string, ItemRelease[]>(itemIds.map((id) => [id, []]));
      if (itemIds.length === 0) return byItem;
      const { rows } = await pool.query<{
        id: string;
        item_id: string;
        infuse_iot_release_id: string;
        release_version: string;
        board: ItemRelease["board"];
        size_bytes: string;
        sha256: string | null;
        created_at: Date;
      }>(
        `SELECT * FROM item_releases WHERE item_id = ANY($1::uuid[]) AND status = 'available'
         ORDER BY created_at DESC, id DESC`,
        [itemIds],
      );
      for (const r of rows) {
        byItem.get(r.item_id)?.push({
          id: r.id,
          marketplaceItemId: r.item_id,
          infuseIotReleaseId: r.infuse_iot_release_id,
          version: r.release_version,
          board: r.board,
          sizeBytes: Number(r.size_bytes),
          sha256: r.sha256,
          status: "available",
          createdAt: r.created_at,
        });
      }
      return byItem;
    },
  };
  return reader;
}
