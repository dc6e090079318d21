import { z } from "@mp/config";

const ms = (fallback: number, max: number) => z.coerce.number().int().min(0).max(max).default(fallback);

/**
 * PostgreSQL pool keys every process reads (merge into its configuration schema, so a bad value is named
 * at boot with every other bad key). Timeouts are in milliseconds; 0 turns one off.
 */
export const dbEnv = {
  /** Connections per pool (per process): replicas x this must stay under the server's max_connections. */
  DB_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  /** Connections opened before the process takes calls and kept open while idle (at most DB_POOL_MAX). */
  DB_POOL_MIN: z.coerce.number().int().min(0).max(200).default(2),
  /** A statement running longer is cancelled by the server (57014), so a slow query cannot pin a connection. */
  DB_STATEMENT_TIMEOUT_MS: ms(10_000, 3_600_000),
  /** Waiting longer for a row or table lock fails the statement (55P03) instead of queueing behind it. */
  DB_LOCK_TIMEOUT_MS: ms(5_000, 3_600_000),
  /** A transaction left idle this long is ended by the server and its connection closed (25P03). */
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: ms(30_000, 3_600_000),
  /** How long to wait for a connection (a new one, or a free one when the pool is full). */
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(1).max(600_000).default(5_000),
};

export type DbEnv = z.output<z.ZodObject<typeof dbEnv>>;

/** The pool options these keys stand for, to spread into `createPool`. */
export function poolSettings(env: DbEnv) {
  return {
    max: env.DB_POOL_MAX,
    min: env.DB_POOL_MIN,
    statementTimeoutMs: env.DB_STATEMENT_TIMEOUT_MS,
    lockTimeoutMs: env.DB_LOCK_TIMEOUT_MS,
    idleInTransactionTimeoutMs: env.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    connectTimeoutMs: env.DB_CONNECT_TIMEOUT_MS,
  };
}
