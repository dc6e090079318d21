import { observeGauges } from "@mp/telemetry/gauges";
import { type MeterProvider, metrics } from "@opentelemetry/api";
import type pg from "pg";

const pools = new Map<pg.Pool, string>();
/** The meter provider the gauges were made with: the API has no proxy for meters, so a provider installed later needs them again. */
let registeredWith: MeterProvider | undefined;

/**
 * Export a pool's usage as observable gauges, labelled `pool` (its application name): `db.pool.size`
 * (open connections), `db.pool.idle`, `db.pool.waiting` (callers queued for a connection) and
 * `db.pool.max`. Size at max with waiters above zero is pool exhaustion. Returns the undo (on `end`).
 */
export function observePool(pool: pg.Pool, name: string): () => void {
  pools.set(pool, name);
  if (registeredWith !== metrics.getMeterProvider()) register();
  return () => {
    pools.delete(pool);
  };
}

function register(): void {
  registeredWith = metrics.getMeterProvider();
  observeGauges(metrics.getMeter("@mp/db"), POOL_GAUGES, (observe) => {
    for (const [pool, name] of pools) {
      const attributes = { pool: name };
      observe("db.pool.size", pool.totalCount, attributes);
      observe("db.pool.idle", pool.idleCount, attributes);
      observe("db.pool.waiting", pool.waitingCount, attributes);
      observe("db.pool.max", pool.options.max ?? 10, attributes);
    }
  });
}

const POOL_GAUGES = {
  "db.pool.size": { description: "Open connections of the pool (idle and in use)", unit: "{connection}" },
  "db.pool.idle": { description: "Idle connections of the pool", unit: "{connection}" },
  "db.pool.waiting": { description: "Callers waiting for a connection", unit: "{request}" },
  "db.pool.max": { description: "Connections the pool may open", unit: "{connection}" },
};
