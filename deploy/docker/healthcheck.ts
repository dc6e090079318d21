/**
 * Container health check for every image built from this directory's Dockerfile. `SERVICE=gateway`
 * asks the gateway's /healthz (liveness); any other SERVICE asks its own gRPC health service, the check
 * the gateway's /readyz makes too. Runs on Node's type stripping (`node healthcheck.ts`), no tsx start-up.
 */
import { checkGrpcHealth } from "../local/src/launcher/grpc-health.ts";

async function healthy(service: string): Promise<string | undefined> {
  if (service === "gateway") {
    const port = process.env.GATEWAY_PORT ?? "8080";
    const response = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(2_000) });
    return response.ok ? undefined : `GET /healthz answered ${response.status}`;
  }
  const key = `${service.toUpperCase().replace(/-/g, "_")}_GRPC_PORT`;
  const port = process.env[key];
  if (!port) return `${key} is not set`;
  const answer = await checkGrpcHealth(`127.0.0.1:${port}`, 2_000);
  return answer.serving ? undefined : `gRPC health: ${answer.detail}`;
}

const problem = await healthy(process.env.SERVICE ?? "").catch((error: Error) => error.message);
if (problem) console.error(problem);
process.exit(problem ? 1 : 0);
