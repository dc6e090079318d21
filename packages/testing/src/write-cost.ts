import { createHash, randomBytes } from "node:crypto";
import pg from "pg";
import { processCpuMs } from "./proc-cpu";

/** What the cost scripts need of a pool: @mp/db's createPool and pg's Pool both fit. */
export interface MeteredPool {
  query<R extends pg.QueryResultRow = pg.QueryResultRow>(
    text: string,
    values?: unknown[],
  ): Promise<pg.QueryResult<R>>;
  on(event: "acquire", listener: (client: pg.PoolClient) => void): unknown;
  end(): Promise<void>;
}

/**
 * Runs `body` against a database made for it on the server at `adminUrl` and dropped afterwards
 * (whatever happens), through the pool `open` makes for the new database's URL. For scripts that measure
 * a writer's cost per event without a stack.
 */
export async function withScratchDatabase<P extends MeteredPool, T>(
  options: { adminUrl: string; prefix: string; open: (url: string) => P },
  body: (pool: P) => Promise<T>,
): Promise<T> {
  const database = `${options.prefix}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: options.adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${database}`);
    const url = new URL(options.adminUrl);
    url.pathname = `/${database}`;
    const pool = options.open(url.toString());
    try {
      return await body(pool);
    } finally {
      await pool.end();
      await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    }
  } finally {
    await admin.end();
  }
}

/**
 * Counts the statements sent through `pool` and the CPU used by this process and by the PostgreSQL
 * backend serving it (read from /proc, so the server must run on this machine; the pool must hold one
 * connection). `measure` prints them per unit of work done by `work`.
 */
export async function writeCostMeter(pool: MeteredPool) {
  const { rows } = await pool.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
  const backend = (rows[0] as { pid: number }).pid;
  let statements = 0;
  const counted = new WeakSet<pg.PoolClient>();
  pool.on("acquire", (client) => {
    if (counted.has(client)) return;
    counted.add(client);
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      statements++;
      return query(...args);
    };
  });
  return {
    /** Runs `work`, then prints `label`, the event count and the costs divided by `per` (named `unit`). */
    async measure(label: string, events: number, per: number, unit: string, work: () => Promise<void>) {
      statements = 0;
      const cpu0 = process.cpuUsage();
      const pg0 = processCpuMs(backend);
      const t0 = performance.now();
      await work();
      const wall = performance.now() - t0;
      const pgMs = processCpuMs(backend) - pg0;
      const cpu = process.cpuUsage(cpu0);
      const nodeMs = (cpu.user + cpu.system) / 1000;
      console.log(
        `${label}: ${events} events; per ${unit}: ${(statements / per).toFixed(2)} statements, ` +
          `PostgreSQL backend ${(pgMs / per).toFixed(3)} ms CPU, this process ${(nodeMs / per).toFixed(3)} ms CPU, ` +
          `wall ${(wall / per).toFixed(3)} ms`,
      );
    },
  };
}

/** A short digest of the rows the queries return, in order: what an optimisation must not change. */
export async function rowsDigest(pool: MeteredPool, queries: string[]): Promise<string> {
  const digest = createHash("sha256");
  for (const sql of queries)
    for (const row of (await pool.query(sql)).rows) digest.update(JSON.stringify(row));
  return digest.digest("hex").slice(0, 16);
}
