/**
 * PostgreSQL's share of scenario A's request, statement by statement: the CPU the server processes
 * (backends) and this client spend per instances page, for the catalogue's page statement ("count
 * subquery") and the form it replaced (docs/benchmarks.md, "Notes: scenario A, the instances page
 * statement"), each on its own pool of 10 connections with the catalogue's session settings (`createPool`,
 * its type parsers included), named as the repository names it, alternating rounds in one process so both
 * see the same machine. The client's CPU is this process's own (pg reading the rows; nothing else runs).
 *
 *   pnpm exec tsx bench/src/path-cpu/instances-page-sql.ts [instances=100] [rounds=6] [queries=15000]
 *
 * A fresh database (dropped at the end) holds the catalogue's `instances` table as its first migration
 * makes it. PostgreSQL must run on this machine (its backends' CPU is read from /proc). DATABASE_URL
 * defaults to the local server's `postgres` database.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { createPool, type Pool } from "@mp/db";
import { createLogger } from "@mp/logger";
import { withScratchDatabase } from "@mp/testing/write-cost";
import pg from "pg";
import { cpuMs } from "../cpu";

const ADMIN_URL = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const INSTANCES = Number(process.argv[2] ?? 100);
const ROUNDS = Number(process.argv[3] ?? 6);
const QUERIES = Number(process.argv[4] ?? 15_000);
const CONNECTIONS = 10;
// Dropping the database at the end cuts the pools' last connections while they close: not worth a warning.
const QUIET = createLogger({ service: "page-sql", level: "error" });
const MIGRATION = fileURLToPath(
  new URL("../../../services/catalogue/migrations/0001_init.sql", import.meta.url),
);
const COLUMNS = "id, name, owner_organisation_id, default_currency, platform_fee_bps, created_at";
const ORDER = "created_at DESC, id DESC";

const STATEMENTS = {
  "window count": `SELECT ${COLUMNS}, count(*) OVER () AS total FROM instances ORDER BY ${ORDER} LIMIT $1 OFFSET $2`,
  "count subquery": `SELECT ${COLUMNS}, (SELECT count(*) FROM instances) AS total FROM instances
        ORDER BY ${ORDER} LIMIT $1 OFFSET $2`,
} as const;
type Label = keyof typeof STATEMENTS;

async function main(): Promise<void> {
  await withScratchDatabase(
    {
      adminUrl: ADMIN_URL,
      prefix: "page_sql",
      open: openAdmin,
    },
    async (admin) => {
      await admin.query("CREATE SCHEMA catalogue");
      await admin.query(`SET search_path = catalogue; ${readFileSync(MIGRATION, "utf8")}`);
      await admin.query(
        `INSERT INTO catalogue.instances
         SELECT gen_random_uuid(), 'Instance ' || i, gen_random_uuid(), 'EUR', 250, now() - i * interval '1 minute'
         FROM generate_series(1, $1) AS i`,
        [INSTANCES],
      );
      await admin.query("VACUUM ANALYZE catalogue.instances");
      const url = new URL(ADMIN_URL);
      url.pathname = `/${(await admin.query<{ db: string }>("SELECT current_database() AS db")).rows[0]!.db}`;
      await compare(url.toString());
    },
  );
}

function openAdmin(url: string): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  // Dropping the database at the end terminates this idle connection: not an error of the run.
  pool.on("error", () => undefined);
  return pool;
}

async function compare(url: string): Promise<void> {
  const paths = await Promise.all(
    (Object.keys(STATEMENTS) as Label[]).map(async (label, index) => {
      const pool = createPool({ url, schema: "catalogue", max: CONNECTIONS, logger: QUIET });
      return {
        label,
        name: `page-sql-${index}`,
        pool,
        backends: await backendsOf(pool),
        perQuery: [] as number[],
        clientPerQuery: [] as number[],
      };
    }),
  );
  try {
    for (let round = 1; round <= ROUNDS; round++) {
      for (const path of round % 2 === 1 ? paths : [...paths].reverse()) {
        const before = path.backends.reduce((sum, pid) => sum + cpuMs(pid), 0);
        const started = performance.now();
        const client = process.cpuUsage();
        await drive(path.pool, { name: path.name, text: STATEMENTS[path.label] });
        const seconds = (performance.now() - started) / 1000;
        const perQuery = (path.backends.reduce((sum, pid) => sum + cpuMs(pid), 0) - before) / QUERIES;
        const used = process.cpuUsage(client);
        const clientPerQuery = (used.user + used.system) / 1000 / QUERIES;
        path.perQuery.push(perQuery);
        path.clientPerQuery.push(clientPerQuery);
        process.stdout.write(
          `round ${round} ${path.label}: ${Math.round(QUERIES / seconds)} queries/s, PostgreSQL ${inMicros(perQuery)}, client ${inMicros(clientPerQuery)} µs per query\n`,
        );
      }
    }
    for (const path of paths) {
      process.stdout.write(
        `mean ${path.label}: PostgreSQL ${inMicros(mean(path.perQuery))}, client ${inMicros(mean(path.clientPerQuery))} µs per query\n`,
      );
    }
  } finally {
    await Promise.all(paths.map((path) => path.pool.end()));
  }
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const inMicros = (ms: number) => (ms * 1000).toFixed(1);

/** Opens the pool's connections and returns their server processes. */
async function backendsOf(pool: Pool): Promise<number[]> {
  const clients = await Promise.all(Array.from({ length: CONNECTIONS }, () => pool.connect()));
  try {
    return await Promise.all(
      clients.map(
        async (client) =>
          (await client.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")).rows[0]!.pid,
      ),
    );
  } finally {
    for (const client of clients) client.release();
  }
}

/** QUERIES pages of 20, CONNECTIONS at a time, as the catalogue asks for them. */
async function drive(pool: Pool, statement: { name: string; text: string }): Promise<void> {
  let left = QUERIES;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (left-- > 0) await pool.query({ ...statement, values: [20, 0] });
    }),
  );
}

await main();
