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
 * (whatever happens), through what `open` makes for the new database's URL (a pool, or several pools
 * ended together). For scripts that measure a writer's cost per event without a stack.
 */
export async function withScratchDatabase<P extends { end(): Promise<void> }, T>(
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
 * Counts the statements every client `pool` hands out from now on runs (a client is wrapped the first
 * time it is acquired); with `byKind`, also by the first 28 characters of their text.
 */
export function countStatements(
  pool: Pick<MeteredPool, "on">,
  byKind?: Map<string, number>,
): { count(): number; reset(): void } {
  let statements = 0;
  const counted = new WeakSet<pg.PoolClient>();
  pool.on("acquire", (client) => {
    if (counted.has(client)) return;
    counted.add(client);
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      statements++;
      if (byKind) {
        const first = args[0];
        const text = typeof first === "string" ? first : ((first as { text?: string })?.text ?? "");
        const kind = text.replace(/\s+/g, " ").trim().slice(0, 28);
        byKind.set(kind, (byKind.get(kind) ?? 0) + 1);
      }
      return query(...args);
    };
  });
  return {
    count: () => statements,
    reset: () => {
      statements = 0;
    },
  };
}

/** What one measured piece of work cost. */
export interface WriteCost {
  statements: number;
  /** CPU of the PostgreSQL backends serving the pool. */
  postgresMs: number;
  /** CPU of this process. */
  processMs: number;
  wallMs: number;
}

/** `cost` divided by `per` (named `unit`), on one line after `label` and the event count. */
export function formatCost(
  label: string,
  events: number,
  per: number,
  unit: string,
  cost: WriteCost,
): string {
  return (
    `${label}: ${events} events; per ${unit}: ${(cost.statements / per).toFixed(2)} statements, ` +
    `PostgreSQL backend ${(cost.postgresMs / per).toFixed(3)} ms CPU, this process ${(cost.processMs / per).toFixed(3)} ms CPU, ` +
    `wall ${(cost.wallMs / per).toFixed(3)} ms`
  );
}

/**
 * Counts the statements sent through `pool` and the CPU used by this process and by the PostgreSQL
 * backends serving it (read from /proc, so the server must run on this machine). The pool's
 * `connections` are opened before each measure, so every backend is counted from the start.
 */
export async function writeCostMeter(pool: MeteredPool, options: { connections?: number } = {}) {
  const connections = options.connections ?? 1;
  const counter = countStatements(pool);
  const backends = async () => {
    await Promise.all(Array.from({ length: connections }, () => pool.query("SELECT 1")));
    const { rows } = await pool.query<{ pid: number }>(
      "SELECT pid FROM pg_stat_activity WHERE datname = current_database()",
    );
    return rows.map((row) => row.pid);
  };
  const backendsMs = (pids: number[]) => pids.reduce((sum, pid) => sum + processCpuMs(pid), 0);
  return {
    /** Runs `work` and answers what it cost. */
    async cost(work: () => Promise<void>): Promise<WriteCost> {
      const pids = await backends();
      counter.reset();
      const cpu0 = process.cpuUsage();
      const pg0 = backendsMs(pids);
      const t0 = performance.now();
      await work();
      const wallMs = performance.now() - t0;
      const postgresMs = backendsMs(pids) - pg0;
      const cpu = process.cpuUsage(cpu0);
      return { statements: counter.count(), postgresMs, processMs: (cpu.user + cpu.system) / 1000, wallMs };
    },
    /** Runs `work`, then prints what it cost per `unit` (`formatCost`). */
    async measure(label: string, events: number, per: number, unit: string, work: () => Promise<void>) {
      console.log(formatCost(label, events, per, unit, await this.cost(work)));
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
