import Fastify from "fastify";
import pg from "pg";
import { PAGE_SQL, toPage } from "./page";
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

app.get<{ Querystring: { page?: string; pageSize?: string } }>("/marketplace/instances", async (request) => {
  const page = Number(request.query.page ?? 1) || 1;
  const pageSize = Number(request.query.pageSize ?? 20) || 20;
  const { rows } = await pool.query(PAGE_SQL, [pageSize, (page - 1) * pageSize]);
  return toPage(rows, page, pageSize);
});

await serveBare(app, pool);
