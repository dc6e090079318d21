/**
 * Container health check for every image built from this directory's Dockerfile: liveness, `GET /healthz`
 * on the process's ops port (`OPS_PORT`, else its default). Readiness (`/readyz`) is for the orchestrator's
 * routing, not for restarting a container that waits for its dependencies. The simulator's image asks its
 * `/health` on `SIMULATOR_PORT`. The images run the compiled `dist/healthcheck.mjs` (`pnpm build`).
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
  webhooks: 9108,
};

/** The URL that answers 200 while the process lives: the ops port's `/healthz`, the simulator's `/health`. */
function healthUrl(service: string): string | undefined {
  if (service === "simulator") return `http://127.0.0.1:${process.env.SIMULATOR_PORT || 8090}/health`;
  const port = process.env.OPS_PORT || DEFAULT_OPS_PORTS[service];
  return port ? `http://127.0.0.1:${port}/healthz` : undefined;
}

async function healthy(service: string): Promise<string | undefined> {
  const url = healthUrl(service);
  if (!url) return `no ops port for SERVICE=${service}: set OPS_PORT`;
  const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
  return response.ok ? undefined : `GET ${new URL(url).pathname} answered ${response.status}`;
}

export {};

const problem = await healthy(process.env.SERVICE ?? "").catch((error: Error) => error.message);
if (problem) console.error(problem);
process.exit(problem ? 1 : 0);
