import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { startTelemetry } from "@mp/telemetry";
import { afterAll, describe, expect, it } from "vitest";
import { recordClientCall, recordClientRetry, recordServerCall } from "./metrics";

const telemetry = startTelemetry({ serviceName: "grpc-metrics-test" });
afterAll(() => telemetry.shutdown());

async function scrape(): Promise<string> {
  const server = createServer((request, response) => telemetry.metrics.handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    return await (await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/metrics`)).text();
  } finally {
    server.close();
  }
}

/** The value of the one series of `name` whose labels include all of `labels` (and, unless listed, no `error_type`). */
function seriesValue(text: string, name: string, labels: Record<string, string>): number | undefined {
  const lines = text.split("\n").filter((line) => line.startsWith(`${name}{`));
  const matching = lines.filter((line) => {
    const set = line.slice(line.indexOf("{") + 1, line.lastIndexOf("}"));
    if (!("error_type" in labels) && set.includes("error_type=")) return false;
    return Object.entries(labels).every(([key, value]) => set.includes(`${key}="${value}"`));
  });
  if (matching.length > 1)
    throw new Error(`${matching.length} series of ${name} match ${JSON.stringify(labels)}`);
  const line = matching[0];
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(" ") + 1));
}

const get = { service: "catalogue", method: "GetInstance" };

describe("per-RPC metrics at /metrics", () => {
  it("exports calls and errors as counter totals per service, method, status and code, and keeps counting", async () => {
    const startedAt = performance.now();
    for (let i = 0; i < 3; i += 1) recordServerCall({ ...get, status: "OK", startedAt });
    for (let i = 0; i < 2; i += 1)
      recordServerCall({ ...get, status: "NOT_FOUND", code: "not-found", startedAt });
    recordServerCall({ service: "catalogue", method: "ListInstances", status: "OK", startedAt });
    recordClientCall({ ...get, status: "UNAVAILABLE", code: "upstream-unavailable", startedAt });
    recordClientRetry("catalogue", "GetInstance");

    const first = await scrape();
    expect(first).toMatch(/^# TYPE rpc_server_calls_total counter$/m);
    expect(first).toMatch(/^# TYPE rpc_server_errors_total counter$/m);
    const ok = {
      rpc_system: "grpc",
      rpc_service: "catalogue",
      rpc_method: "GetInstance",
      rpc_grpc_status_code: "OK",
    };
    const notFound = { ...ok, rpc_grpc_status_code: "NOT_FOUND" };
    expect(seriesValue(first, "rpc_server_calls_total", ok)).toBe(3);
    expect(seriesValue(first, "rpc_server_calls_total", notFound)).toBe(2);
    expect(seriesValue(first, "rpc_server_calls_total", { ...ok, rpc_method: "ListInstances" })).toBe(1);
    expect(seriesValue(first, "rpc_server_errors_total", { ...notFound, error_type: "not-found" })).toBe(2);
    // Successful calls are no errors: no errors series without a code.
    expect(seriesValue(first, "rpc_server_errors_total", ok)).toBeUndefined();
    expect(seriesValue(first, "rpc_server_call_duration_count", ok)).toBe(3);
    expect(seriesValue(first, "rpc_server_call_duration_count", notFound)).toBe(2);
    const unavailable = { ...ok, rpc_grpc_status_code: "UNAVAILABLE" };
    expect(seriesValue(first, "rpc_client_calls_total", unavailable)).toBe(1);
    expect(
      seriesValue(first, "rpc_client_errors_total", { ...unavailable, error_type: "upstream-unavailable" }),
    ).toBe(1);
    expect(seriesValue(first, "rpc_client_call_duration_count", unavailable)).toBe(1);
    expect(seriesValue(first, "rpc_client_retries_total", { rpc_method: "GetInstance" })).toBe(1);
    // Client and server sides are counted apart.
    expect(seriesValue(first, "rpc_client_calls_total", ok)).toBeUndefined();

    // Totals are cumulative across scrapes.
    recordServerCall({ ...get, status: "OK", startedAt });
    const second = await scrape();
    expect(seriesValue(second, "rpc_server_calls_total", ok)).toBe(4);
    expect(seriesValue(second, "rpc_server_calls_total", notFound)).toBe(2);
    expect(seriesValue(second, "rpc_server_errors_total", { ...notFound, error_type: "not-found" })).toBe(2);
    expect(seriesValue(second, "rpc_server_call_duration_count", ok)).toBe(4);
  });
});
