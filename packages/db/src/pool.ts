import { createLogger, type Logger } from "@mp/logger";
import pg from "pg";
import { observePool } from "./pool-metrics";
import { POOL_TYPES } from "./type-parsers";

export type Pool = pg.Pool;
export type PoolClient = pg.PoolClient;
/** Anything that runs a query: the pool, or a client inside a transaction. */
export type Queryable = Pick<pg.Pool, "query">;
/** One parameterised statement: `$1`, `$2`, … in `text` are `values[0]`, `values[1]`, … */
export interface SqlStatement {
  text: string;
  values: unknown[];
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export function assertSchemaName(schema: string): string {
  if (!SCHEMA_NAME.test(schema)) throw new Error(`Invalid schema name "${schema}"`);
  return schema;
}

export interface PoolOptions {
  url: string;
  schema: string;
  /** Shown in `pg_stat_activity` and as the `pool` label of the pool metrics; defaults to the schema. */
  applicationName?: string;
  max?: number;
  /**
   * Connections the pool keeps open however idle (pg-pool's `min`); `warmPool` opens them at boot, so a
   * replica's first calls, and a burst when its peer goes away, do not wait for new connections.
   */
  min?: number;
  /** Server-side timeouts of every connection (ms, 0 = off); see `dbEnv` for what each one stops. */
  statementTimeoutMs?: number;
  lockTimeoutMs?: number;
  idleInTransactionTimeoutMs?: number;
  connectTimeoutMs?: number;
  /** An idle connection above `min` is closed after this long (default 30 s). */
  idleTimeoutMs?: number;
  /** Where connection failures are reported; a logger named after the pool when omitted. */
  logger?: Logger;
}

/** Defaults when a caller passes no settings (the same as `dbEnv`'s). */
export const POOL_DEFAULTS: Readonly<Record<PoolSetting, number>> = {
  max: 10,
  min: 0,
  statementTimeoutMs: 10_000,
  lockTimeoutMs: 5_000,
  idleInTransactionTimeoutMs: 30_000,
  connectTimeoutMs: 5_000,
};

type PoolSetting =
  | "max"
  | "min"
  | "statementTimeoutMs"
  | "lockTimeoutMs"
  | "idleInTransactionTimeoutMs"
  | "connectTimeoutMs";

/**
 * One pool per service, pinned to the service's own schema through `search_path`, so unqualified SQL in
 * a service can only ever touch its own tables. Every connection carries the statement, lock and
 * idle-in-transaction timeouts as session defaults (sent at connect, no extra round trip). An idle
 * connection that fails is logged and replaced by the pool; usage is exported as `db.pool.*` gauges.
 */
export function createPool(options: PoolOptions): Pool {
  const schema = assertSchemaName(options.schema);
  const name = options.applicationName ?? schema;
  const settings = { ...POOL_DEFAULTS, ...definedOnly(options) };
  const pool = new pg.Pool({
    connectionString: options.url,
    max: settings.max,
    min: Math.min(settings.min, settings.max),
    application_name: name,
    options: `-c search_path=${schema},public`,
    statement_timeout: settings.statementTimeoutMs,
    lock_timeout: settings.lockTimeoutMs,
    idle_in_transaction_session_timeout: settings.idleInTransactionTimeoutMs,
    idleTimeoutMillis: options.idleTimeoutMs ?? 30_000,
    connectionTimeoutMillis: settings.connectTimeoutMs,
    types: POOL_TYPES,
  });
  const logger = (options.logger ?? createLogger({ service: name })).child({ component: "db", pool: name });
  pool.on("error", (error) => {
    logger.warn({ err: error }, "an idle PostgreSQL connection failed; the pool replaces it");
  });
  const unobserve = observePool(pool, name);
  const end = pool.end.bind(pool);
  pool.end = ((callback?: () => void) => {
    unobserve();
    return end(callback as () => void);
  }) as Pool["end"];
  return pool;
}

function definedOnly(options: PoolOptions): Partial<Record<PoolSetting, number>> {
  const picked: Partial<Record<PoolSetting, number>> = {};
  for (const key of Object.keys(POOL_DEFAULTS) as PoolSetting[]) {
    const value = options[key];
    if (value !== undefined) picked[key] = value;
  }
  return picked;
}

/**
 * Opens the pool's minimum of connections at once and runs a query on each, so the process takes calls
 * only once PostgreSQL answers and connections are waiting (a connection made on a loaded machine can take
 * seconds, longer than a caller's deadline). Rejects with the first failure; connections that opened
 * stay in the pool.
 */
export async function warmPool(pool: Pool): Promise<void> {
  // Connections already held elsewhere (a LISTEN client, a lease) count towards the minimum, and only the
  // free slots may be asked for at once: asking for more would wait on itself until the connect timeout.
  const busy = pool.totalCount - pool.idleCount;
  const free = (pool.options.max ?? 10) - busy;
  const count = Math.max(1, Math.min((pool.options.min ?? 0) - busy, free));
  const clients = await Promise.allSettled(Array.from({ length: count }, () => pool.connect()));
  try {
    for (const result of clients) if (result.status === "rejected") throw result.reason;
    await Promise.all(
      clients.map((result) => (result.status === "fulfilled" ? result.value.query("SELECT 1") : undefined)),
    );
  } finally {
    for (const result of clients) if (result.status === "fulfilled") result.value.release();
  }
}
