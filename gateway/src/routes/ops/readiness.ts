import type { Pool } from "@mp/db";
import { databaseCheck, Readiness } from "@mp/runtime/ops";
import type { UpstreamProbe } from "../../clients";
import type { ServiceName } from "../../config";

/**
 * The gateway's readiness: its own dependencies, its database answering a query (and `http` once the
 * public listener is up, set by the server). Each upstream's gRPC health is shown too (`upstream.<service>`:
 * `ok` or `not serving`) but does not decide it: a sick upstream is shared by every gateway replica, so
 * taking them out of the Service would turn every route away, while staying ready lets that upstream's
 * routes answer 503 with Retry-After and the others serve. Served on the ops port.
 */
export function gatewayReadiness(deps: {
  pool: Pool | undefined;
  health: Record<ServiceName, UpstreamProbe>;
}): Readiness {
  const readiness = new Readiness();
  if (deps.pool) readiness.set("database", databaseCheck(deps.pool));
  for (const [name, probe] of Object.entries(deps.health)) {
    readiness.inform(`upstream.${name}`, async () => ((await probe.check()) ? true : "not serving"));
  }
  return readiness;
}
