import type { Pool } from "@mp/db";
import { databaseCheck, Readiness } from "@mp/runtime";
import type { UpstreamProbe } from "../../clients";
import type { ServiceName } from "../../config";

/**
 * The gateway's readiness: its own database answers a query, and every upstream's gRPC health check
 * answers SERVING (checks `upstream.<service>`), so traffic is routed only to a gateway that can serve it.
 * Served on the ops port; `http` is pending until the public listener is up.
 */
export function gatewayReadiness(deps: {
  pool: Pool | undefined;
  health: Record<ServiceName, UpstreamProbe>;
}): Readiness {
  const readiness = new Readiness();
  if (deps.pool) readiness.set("database", databaseCheck(deps.pool));
  for (const [name, probe] of Object.entries(deps.health)) {
    readiness.set(`upstream.${name}`, async () => ((await probe.check()) ? true : "not serving"));
  }
  return readiness;
}
