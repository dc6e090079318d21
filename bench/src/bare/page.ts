/**
 * Scenario A's bare page: the catalogue's page statement (services/catalogue/src/infra/instance.repository.ts),
 * sent unnamed as a plain `pool.query` does (the catalogue prepares it once per connection), and its rows
 * in the contract's JSON shape. The bare baseline and the hop floor (bench/src/hop) both answer it.
 */
export const PAGE_SQL = `SELECT id, name, owner_organisation_id, default_currency, platform_fee_bps, created_at,
  (SELECT count(*) FROM catalogue.instances) AS total FROM catalogue.instances
  ORDER BY created_at DESC, id DESC LIMIT $1 OFFSET $2`;

/** The page of `rows` (from `PAGE_SQL`) as the gateway's contract shapes it. */
export function toPage(rows: Record<string, unknown>[], page: number, pageSize: number) {
  const totalCount = rows[0] ? Number(rows[0].total) : 0;
  return {
    items: rows.map((row) => ({
      id: row.id,
      name: row.name,
      ownerOrganisationId: row.owner_organisation_id,
      defaultCurrency: row.default_currency,
      platformFeeBps: row.platform_fee_bps,
      createdAt: (row.created_at as Date).toISOString(),
    })),
    page,
    pageSize,
    totalCount,
    totalPages: Math.ceil(totalCount / pageSize),
  };
}
