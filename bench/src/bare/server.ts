import Fastify from "fastify";
import pg from "pg";
import { serveBare } from "./serve";

/**
 * The baseline of scenario A: a bare fastify + pg process answering `GET /marketplace/instances` with the
 * same query the catalogue runs, from the same database, in the same JSON shape, with none of the
 * gateway's work (authentication, validation, rate limits, gRPC, mesh assertions). Prints its URL.
 */
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error("DATABASE_URL is required");
const pool = new pg.Pool({ connectionString: databaseUrl, max: Number(process.env.DB_POOL_MAX ?? 10) });
// The database stopping under an idle connection (end of a run) is not this server's concern.
pool.on("error", () => {});
const app = Fastify({ logger: false });

// The catalogue's page statement (services/catalogue/src/infra/instance.repository.ts), sent unnamed as a
// plain `pool.query` does; the catalogue prepares it once per connection.
const SQL = `SELECT id, name, owner_organisation_id, default_currency, platform_fee_bps, created_at,
  (SELECT count(*) FROM catalogue.instances) AS total FROM catalogue.instances
  ORDER BY created_at DESC, id DESC LIMIT $1 OFFSET $2`;

app.get<{ Querystring: { page?: string; pageSize?: string } }>("/marketplace/instances", async (request) => {
  const page = Number(request.query.page ?? 1) || 1;
  const pageSize = Number(request.query.pageSize ?? 20) || 20;
  const { rows } = await pool.query(SQL, [pageSize, (page - 1) * pageSize]);
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
});

await serveBare(app, pool);
