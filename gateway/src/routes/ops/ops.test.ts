import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { startTelemetry } from "@mp/telemetry";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, createTestKeys, type TestKeys } from "../../testing/test-kit";
import type { ZodApp } from "../../zod-app";
import { gatewayReadiness } from "./readiness";

// Before the app is built: the request histogram is made from the global meter provider.
const telemetry = startTelemetry({ serviceName: "gateway-ops-test", instrument: false });
let keys: TestKeys;
let app: ZodApp;

beforeAll(async () => {
  keys = await createTestKeys();
  app = await buildTestApp({ keys });
});
afterAll(async () => {
  await app.close();
  await telemetry.shutdown();
});

async function scrape(): Promise<string> {
  const server = createServer((request, response) => telemetry.metrics.handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    const { port } = server.address() as AddressInfo;
    return await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  } finally {
    server.close();
  }
}

describe("public ops routes", () => {
  it("is live without credentials", async () => {
    const response = await app.inject({ url: "/healthz" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok" });
  });

  it("does not serve readiness or metrics on the public port", async () => {
    expect((await app.inject({ url: "/readyz" })).statusCode).toBe(404);
    expect((await app.inject({ url: "/metrics" })).statusCode).toBe(404);
  });
});

describe("per-route request metrics", () => {
  it("count requests by route template, method and status, never by raw path", async () => {
    const id = "0193a1b2-0000-7000-8000-00000000abcd";
    const token = await keys.token(["developer"]);
    for (let n = 0; n < 3; n++) {
      await app.inject({
        url: `/marketplace/instances/${id}`,
        headers: { authorization: `Bearer ${token}` },
      });
    }
    await app.inject({ url: "/no/such/route/42" });
    const text = await scrape();
    const series = (route: string, status: number) =>
      new RegExp(
        `^http_server_request_duration_count\\{[^}]*http_route="${route.replace(/[{}/]/g, "\\$&")}"[^}]*http_response_status_code="${status}"[^}]*\\} (\\d+)$`,
        "m",
      );
    expect(text).toMatch(series("/marketplace/instances/:id", 404));
    expect(Number(series("/marketplace/instances/:id", 404).exec(text)?.[1])).toBe(3);
    expect(text).toMatch(series("unmatched", 404));
    expect(text).not.toContain(id);
    expect(text).not.toContain("/no/such/route");
    expect(text).toMatch(/^http_server_request_duration_bucket\{[^}]*le="0.005"[^}]*\} \d+$/m);
  });
});

describe("gateway readiness", () => {
  it("names each upstream that is not serving", async () => {
    let catalogueUp = false;
    const readiness = gatewayReadiness({
      pool: undefined,
      health: {
        catalogue: { check: async () => catalogueUp },
        publishing: { check: async () => true },
        assets: { check: async () => true },
        listings: { check: async () => true },
        purchases: { check: async () => true },
        settlements: { check: async () => true },
        "iot-adapter": { check: async () => true },
      },
    });
    const down = await readiness.report();
    expect(down.ready).toBe(false);
    expect(down.checks).toMatchObject({ "upstream.catalogue": "not serving", "upstream.listings": "ok" });
    catalogueUp = true;
    expect((await readiness.report()).ready).toBe(true);
  });
});
