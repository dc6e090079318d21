import type { Pool } from "@mp/db";
import type {
  AppEarningsRow,
  EarningsPointRow,
  EarningsRepository,
  EarningsTotalsRow,
  PlatformFeesRow,
} from "../application/earnings.ports";
import type { Interval, WindowSplit } from "../application/earnings-window";

/**
 * The movements of a window as one row source: whole UTC days from `earnings_daily`, the whole hours of the
 * edge days from `earnings_hourly`, the partial hours at the ends from `ledger_transactions` (same columns,
 * a raw movement counting as one row). `filter` is the WHERE clause all three understand (their column
 * names match); `$n` placeholders continue after the filter's own parameters.
 */
function windowSource(filter: string, split: WindowSplit, params: unknown[]): string {
  const n = params.length;
  params.push(...split.days, ...split.hours[0], ...split.hours[1], ...split.raw[0], ...split.raw[1]);
  const columns =
    "marketplace_item_id, marketplace_instance_id, display_name, name_at, gross_sales, refunds, platform_fees, developer_costs, net_earnings, sale_count";
  const hourly = (from: number, to: number) => `
    SELECT currency, hour AS at, ${columns}
      FROM earnings_hourly
     WHERE ${filter} AND hour >= $${from}::timestamptz AND hour < $${to}::timestamptz`;
  const raw = (from: number, to: number) => `
    SELECT currency, occurred_at AS at, marketplace_item_id, marketplace_instance_id, display_name,
           occurred_at AS name_at,
           CASE WHEN kind = 'sale' THEN gross ELSE 0 END AS gross_sales,
           CASE WHEN gross < 0 THEN -gross ELSE 0 END AS refunds,
           platform_fee AS platform_fees, developer_share AS developer_costs, provider_share AS net_earnings,
           CASE WHEN kind = 'sale' THEN 1 ELSE 0 END AS sale_count
      FROM ledger_transactions
     WHERE ${filter} AND occurred_at >= $${from}::timestamptz AND occurred_at < $${to}::timestamptz`;
  return `
    SELECT currency, (day::timestamp AT TIME ZONE 'UTC') AS at, ${columns}
      FROM earnings_daily
     WHERE ${filter} AND day >= $${n + 1}::date AND day < $${n + 2}::date
    UNION ALL ${hourly(n + 3, n + 4)}
    UNION ALL ${hourly(n + 5, n + 6)}
    UNION ALL ${raw(n + 7, n + 8)}
    UNION ALL ${raw(n + 9, n + 10)}`;
}

const num = (value: string | number | null) => Number(value ?? 0);

export function makeEarningsRepository(pool: Pool): EarningsRepository {
  return {
    async summary(organisationId, livemode, split) {
      const params: unknown[] = [organisationId, livemode];
      const source = windowSource("provider_organisation_id = $1 AND livemode = $2", split, params);
      const { rows } = await pool.query<Record<string, string>>(
        `SELECT currency, sum(gross_sales)::text AS gross_sales, sum(refunds)::text AS refunds,
                sum(platform_fees)::text AS platform_fees, sum(developer_costs)::text AS developer_costs,
                sum(net_earnings)::text AS net_earnings, sum(sale_count)::text AS sale_count
           FROM (${source}) s
          GROUP BY currency ORDER BY currency`,
        params,
      );
      return rows.map(
        (r): EarningsTotalsRow => ({
          currency: String(r.currency).trim(),
          grossSales: num(r.gross_sales as string),
          refunds: num(r.refunds as string),
          platformFees: num(r.platform_fees as string),
          developerCosts: num(r.developer_costs as string),
          netEarnings: num(r.net_earnings as string),
          purchaseCount: num(r.sale_count as string),
        }),
      );
    },

    async timeseries(organisationId, livemode, interval: Interval, first, last, split) {
      const params: unknown[] = [organisationId, livemode];
      const source = windowSource("provider_organisation_id = $1 AND livemode = $2", split, params);
      params.push(interval, first.toISOString(), last.toISOString());
      const i = params.length - 2;
      // Currencies: every one the provider ever earned in this mode (the aggregate holds every movement),
      // so a quiet window still shows zeros.
      const { rows } = await pool.query<{
        period_start: Date;
        currency: string;
        gross_sales: string;
        net_earnings: string;
        sale_count: string;
      }>(
        `WITH buckets AS (
           SELECT b FROM generate_series(($${i + 1}::timestamptz AT TIME ZONE 'UTC'),
                                         ($${i + 2}::timestamptz AT TIME ZONE 'UTC'),
                                         ('1 ' || $${i})::interval) AS b),
         currencies AS (
           SELECT DISTINCT currency FROM earnings_daily WHERE provider_organisation_id = $1 AND livemode = $2),
         sums AS (
           SELECT date_trunc($${i}, at AT TIME ZONE 'UTC') AS b, currency, sum(gross_sales) AS gross_sales,
                  sum(net_earnings) AS net_earnings, sum(sale_count) AS sale_count
             FROM (${source}) s GROUP BY 1, 2)
         SELECT (buckets.b AT TIME ZONE 'UTC') AS period_start, currencies.currency,
                coalesce(sums.gross_sales, 0)::text AS gross_sales,
                coalesce(sums.net_earnings, 0)::text AS net_earnings,
                coalesce(sums.sale_count, 0)::text AS sale_count
           FROM buckets CROSS JOIN currencies
           LEFT JOIN sums ON sums.b = buckets.b AND sums.currency = currencies.currency
          ORDER BY buckets.b, currencies.currency`,
        params,
      );
      return rows.map(
        (r): EarningsPointRow => ({
          periodStart: r.period_start,
          currency: r.currency.trim(),
          grossSales: num(r.gross_sales),
          netEarnings: num(r.net_earnings),
          purchaseCount: num(r.sale_count),
        }),
      );
    },

    async apps(organisationId, livemode, split, page) {
      const params: unknown[] = [organisationId, livemode];
      const source = windowSource("provider_organisation_id = $1 AND livemode = $2", split, params);
      const dir = page.direction === "asc" ? "ASC" : "DESC";
      const groups = `
        SELECT marketplace_item_id AS "marketplaceItemId", currency,
               (array_agg(display_name ORDER BY name_at DESC))[1] AS "displayName",
               sum(gross_sales) AS "grossSales", sum(refunds) AS refunds, sum(net_earnings) AS "netEarnings",
               sum(sale_count) AS "purchaseCount"
          FROM (${source}) s
         GROUP BY marketplace_item_id, currency`;
      const order = `"${page.orderBy}" ${dir}, "marketplaceItemId" ${dir}, currency ${dir}`;
      const result = await pagedGroups<AppEarningsRow>(pool, groups, order, params, page);
      return {
        totalCount: result.totalCount,
        items: result.items.map((r) => ({ ...r, currency: r.currency.trim() })),
      };
    },

    async platform(livemode, filters, split, page) {
      const params: unknown[] = [livemode];
      let filter = "livemode = $1";
      if (filters.marketplaceInstanceId) {
        params.push(filters.marketplaceInstanceId);
        filter += ` AND marketplace_instance_id = $${params.length}::uuid`;
      }
      if (filters.currency) {
        params.push(filters.currency);
        filter += ` AND currency = $${params.length}`;
      }
      const source = windowSource(filter, split, params);
      const dir = page.direction === "asc" ? "ASC" : "DESC";
      const groups = `
        SELECT marketplace_instance_id AS "marketplaceInstanceId", currency,
               to_char(date_trunc('month', at AT TIME ZONE 'UTC'), 'YYYY-MM') AS month,
               sum(platform_fees) AS "platformFees", sum(gross_sales) AS "grossSales",
               sum(sale_count) AS "saleCount"
          FROM (${source}) s
         GROUP BY 1, 2, 3`;
      const order = `"${page.orderBy}" ${dir}, month ${dir}, "marketplaceInstanceId", currency`;
      const result = await pagedGroups<PlatformFeesRow>(pool, groups, order, params, page);
      return {
        totalCount: result.totalCount,
        items: result.items.map((r) => ({ ...r, currency: r.currency.trim() })),
      };
    },
  };
}

/**
 * One page of grouped rows and the number of groups, in one round trip (the count is right even for a
 * page past the last group). Rows come back as JSON objects with the aliases of `groups`; sums are JSON
 * numbers (exact: ledger sums stay far below 2^53 minor units).
 */
async function pagedGroups<T>(
  pool: Pool,
  groups: string,
  order: string,
  params: unknown[],
  page: { page: number; pageSize: number },
): Promise<{ items: T[]; totalCount: number }> {
  params.push(page.pageSize, (page.page - 1) * page.pageSize);
  const { rows } = await pool.query<{ total: string; items: T[] | null }>(
    `WITH g AS (${groups}),
          p AS (SELECT g.*, row_number() OVER (ORDER BY ${order}) AS rn FROM g
                 ORDER BY ${order} LIMIT $${params.length - 1} OFFSET $${params.length})
     SELECT (SELECT count(*) FROM g) AS total,
            (SELECT json_agg(to_jsonb(p) - 'rn' ORDER BY rn) FROM p) AS items`,
    params,
  );
  const row = rows[0];
  return { totalCount: num(row?.total ?? 0), items: row?.items ?? [] };
}
