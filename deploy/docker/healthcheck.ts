/**
 * Container health check for every image built from this directory's Dockerfile: liveness, `GET /healthz`
 * on the process's ops port (`OPS_PORT`, else its default). Readiness (`/readyz`) is for the orchestrator's
 * routing, not for restarting a container that waits for its dependencies. Runs on Node's type stripping
 * (`node healthcheck.ts`), no tsx start-up.
 */
const DEFAULT_OPS_PORTS: Record<string, number> = {
  gateway: 9090,
  catalogue: 9101,
  publishing: 9102,
  assets: 9103,
  listings: 9104,
  purchases: 9105,
  settlements: 9106,
  "iot-adapter": 9107,
};

async function healthy(service: string): Promise<string | undefined> {
  const port = process.env.OPS_PORT || DEFAULT_OPS_PORTS[service];
  if (!port) return `no ops port for SERVICE=${service}: set OPS_PORT`;
  const response = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(2_000) });
  return response.ok ? undefined : `GET /healthz answered ${response.status}`;
}

export {};

const problem = await healthy(process.env.SERVICE ?? "").catch((error: Error) => error.message);
if (problem) console.error(problem);
process.exit(problem ? 1 : 0);
