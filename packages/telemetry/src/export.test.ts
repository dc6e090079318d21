import { createServer, type Server } from "node:http";
import { type AddressInfo, createServer as createTcpServer, type Socket } from "node:net";
import { fileURLToPath } from "node:url";
import { runNodeForJson } from "@mp/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SHUTDOWN_FLUSH_MS } from "./sdk";

const PROBE = fileURLToPath(new URL("./testing/export-probe.ts", import.meta.url));

let collector: Server;
let collectorUrl: string;
const received: { path: string; body: string }[] = [];

beforeAll(async () => {
  collector = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      received.push({ path: request.url ?? "", body });
      response.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => collector.listen(0, "127.0.0.1", resolve));
  collectorUrl = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => collector.close(resolve)));

/** Runs the probe with `env` over a clean environment; resolves with the connections it attempted. */
function runProbe(env: Record<string, string>): Promise<{ attempts: string[]; shutdownMs: number }> {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith("OTEL_")));
  return runNodeForJson(["--import", "tsx", PROBE], { ...clean, ...env });
}

describe("telemetry export", () => {
  it("sends nothing anywhere without OTEL_EXPORTER_OTLP_ENDPOINT, whatever the SDK's own variables say", async () => {
    received.length = 0;
    // Everything a stock SDK would act on: exporters chosen, per-signal endpoints pointing at our collector.
    const result = await runProbe({
      OTEL_TRACES_EXPORTER: "otlp",
      OTEL_METRICS_EXPORTER: "otlp",
      OTEL_LOGS_EXPORTER: "otlp",
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${collectorUrl}/v1/traces`,
      OTEL_EXPORTER_OTLP_METRICS_ENDPOINT: `${collectorUrl}/v1/metrics`,
      OTEL_METRIC_EXPORT_INTERVAL: "50",
    });
    expect(result.attempts).toEqual([]);
    expect(received).toEqual([]);
  }, 30_000);

  it("exports spans, and only spans, to OTEL_EXPORTER_OTLP_ENDPOINT when it is set", async () => {
    received.length = 0;
    const result = await runProbe({ OTEL_EXPORTER_OTLP_ENDPOINT: collectorUrl });
    expect(received.map((r) => r.path)).toEqual(["/v1/traces"]);
    expect(received[0]?.body).toContain("probe-span");
    expect(new Set(result.attempts)).toEqual(new Set([new URL(collectorUrl).host]));
  }, 30_000);

  it("stops within its flush bound when the collector takes the connection and never answers", async () => {
    const held: Socket[] = [];
    const silent = createTcpServer((socket) => held.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    try {
      const port = (silent.address() as AddressInfo).port;
      const result = await runProbe({ OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}` });
      expect(result.attempts).toEqual([`127.0.0.1:${port}`]);
      // The exporter's own timeout is 10 s: without the bound, a stopping service waited that long.
      expect(result.shutdownMs).toBeGreaterThanOrEqual(SHUTDOWN_FLUSH_MS - 50);
      expect(result.shutdownMs).toBeLessThan(SHUTDOWN_FLUSH_MS + 2_000);
    } finally {
      for (const socket of held) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  }, 30_000);
});
