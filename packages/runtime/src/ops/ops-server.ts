import type { IncomingMessage, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Logger } from "@mp/logger";
import { activeTelemetry } from "@mp/telemetry";
import type { Readiness } from "./readiness";

// Taken from the loaded builtin, not `import { createServer } from "node:http"`: an ESM import of node:http
// makes its ESM facade, which reads every export, including the lazy ones that load Node's fetch
// implementation (undici), about 60 ms of CPU at every process's start (docs/images.md).
const { createServer } = process.getBuiltinModule("node:http");

export interface OpsServer {
  /** The bound port (useful when asked for port 0). */
  port: number;
  /** e.g. `http://127.0.0.1:9101`. */
  url: string;
  close(): Promise<void>;
}

/**
 * The ops port every process serves, apart from its API, for the orchestrator and Prometheus only (the
 * public ingress does not route it):
 *
 * - `GET /healthz`: liveness, 200 from the moment the process starts, while it waits for its dependencies;
 * - `GET /readyz`: 200 when every readiness check passes, else 503, as `{ status, checks }`;
 * - `GET /metrics`: this process's OpenTelemetry metrics in the Prometheus text format (404 when telemetry
 *   was not started, as in tests that build a service in-process).
 *
 * Plain node:http, no framework: it must answer even when the rest of the process is in trouble.
 */
export async function startOpsServer(options: {
  host: string;
  port: number;
  readiness: Readiness;
  logger: Logger;
}): Promise<OpsServer> {
  const server = createServer((request, response) => {
    handle(request, response, options.readiness).catch((error: unknown) => {
      options.logger.error({ err: error }, "ops request failed");
      if (!response.headersSent) json(response, 500, { status: "error" });
    });
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host.includes(":") ? `[${options.host}]` : options.host;
  options.logger.info({ port }, "ops server listening (/healthz, /readyz, /metrics)");
  let closing: Promise<void> | undefined;
  return {
    port,
    url: `http://${host === "0.0.0.0" ? "127.0.0.1" : host}:${port}`,
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}

async function handle(request: IncomingMessage, response: ServerResponse, readiness: Readiness) {
  const path = (request.url ?? "/").split("?")[0];
  if (request.method !== "GET" && request.method !== "HEAD")
    return json(response, 405, { status: "GET only" });
  switch (path) {
    case "/healthz":
      return json(response, 200, { status: "ok" });
    case "/readyz": {
      const report = await readiness.report();
      return json(response, report.ready ? 200 : 503, {
        status: report.ready ? "ready" : "not ready",
        checks: report.checks,
      });
    }
    case "/metrics": {
      const telemetry = activeTelemetry();
      if (!telemetry) return json(response, 404, { status: "telemetry not started in this process" });
      return telemetry.metrics.handle(request, response);
    }
    default:
      return json(response, 404, { status: "not found" });
  }
}

function json(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(text),
    "cache-control": "no-store",
  });
  response.end(text);
}
