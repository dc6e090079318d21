import type { Bus } from "@mp/bus";
import type { Pool } from "@mp/db";
import type { ReadinessCheck } from "./readiness";

/** PostgreSQL answers a query through the pool (not merely that a socket opens). */
export function databaseCheck(pool: Pool): ReadinessCheck {
  return async () => {
    await pool.query("SELECT 1");
    return true;
  };
}

/** NATS is connected and answers a PING round trip (a connection that is reconnecting does not). */
export function natsCheck(bus: Bus): ReadinessCheck {
  return async () => {
    if (bus.nc.isClosed()) return "connection closed";
    await bus.nc.flush();
    return true;
  };
}

/** A flag the boot sequence sets once the gRPC server is bound and serving. */
export function flagCheck(reason: string): { check: ReadinessCheck; set(on: boolean): void } {
  let on = false;
  return {
    check: async () => on || reason,
    set(value) {
      on = value;
    },
  };
}
