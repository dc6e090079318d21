import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Metadata, status } from "@grpc/grpc-js";
import type { Pool } from "@mp/db";
import { AppError, fromGrpcError, toGrpcError } from "@mp/errors";
import { startTelemetry } from "@mp/telemetry";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildTestApp,
  createTestKeys,
  expectProblem,
  fakeCatalogue,
  fakeClients,
  type TestKeys,
} from "../../testing/test-kit";
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

/** A probe per upstream, every one SERVING except those named. */
function probes(down: (name: string) => boolean) {
  return {
    catalogue: { check: async () => !down("catalogue") },
    publishing: { check: async () => !down("publishing") },
    assets: { check: async () => !down("assets") },
    listings: { check: async () => !down("listings") },
    purchases: { check: async () => !down("purchases") },
    settlements: { check: async () => !down("settlements") },
    "iot-adapter": { check: async () => !down("iot-adapter") },
    webhooks: { check: async () => !down("webhooks") },
  };
}

describe("gateway readiness", () => {
  it("stays ready while an upstream is not serving, naming it in checks", async () => {
    let catalogueUp = false;
    const readiness = gatewayReadiness({
      pool: undefined,
      health: probes((n) => n === "catalogue" && !catalogueUp),
    });
    const down = await readiness.report();
    expect(down.ready).toBe(true);
    expect(down.checks).toMatchObject({ "upstream.catalogue": "not serving", "upstream.listings": "ok" });
    catalogueUp = true;
    expect(await readiness.report()).toMatchObject({ ready: true, checks: { "upstream.catalogue": "ok" } });
  });

  it("is not ready while its own database does not answer", async () => {
    const pool = { query: async () => Promise.reject(new Error("connection refused")) } as unknown as Pool;
    const report = await gatewayReadiness({ pool, health: probes(() => false) }).report();
    expect(report.ready).toBe(false);
    expect(report.checks.database).not.toBe("ok");
  });
});

describe("one sick upstream", () => {
  // catalogueItems answers as a service whose own dependency failed: `upstream-unavailable` over gRPC,
  // with no Retry-After of its own; the instances client (also the catalogue's) stays healthy.
  const sick = async () => {
    const sent = toGrpcError(new AppError("upstream-unavailable", "The read model is unavailable."));
    throw fromGrpcError(sent, "catalogue");
  };
  let sickApp: ZodApp;
  beforeAll(async () => {
    const healthy = fakeCatalogue(() => ({ items: [], page: 1, pageSize: 20, totalCount: 0, totalPages: 0 }));
    sickApp = await buildTestApp({
      keys,
      clients: fakeClients(healthy.client, {}, { catalogueItems: { call: sick } as never }),
    });
  });
  afterAll(() => sickApp.close());

  it("answers its routes 503 upstream-unavailable with Retry-After, and the others 200", async () => {
    const headers = { authorization: `Bearer ${await keys.token(["developer"])}` };
    const failing = await sickApp.inject({ url: "/marketplace/marketplace-items", headers });
    expectProblem(failing, 503, "upstream-unavailable");
    expect(Number(failing.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    const serving = await sickApp.inject({ url: "/marketplace/instances", headers });
    expect(serving.statusCode, serving.body).toBe(200);
  });

  it("answers 503 with Retry-After when the upstream cannot be reached at all", async () => {
    const unreachable = Object.assign(new Error("14 UNAVAILABLE: No connection established"), {
      code: status.UNAVAILABLE,
      details: "No connection established",
      metadata: new Metadata(),
    });
    const app = await buildTestApp({
      keys,
      clients: fakeClients(
        fakeCatalogue(() => Promise.reject(fromGrpcError(unreachable, "catalogue"))).client,
      ),
    });
    try {
      const response = await app.inject({
        url: "/marketplace/instances",
        headers: { authorization: `Bearer ${await keys.token(["developer"])}` },
      });
      expectProblem(response, 503, "upstream-unavailable");
      expect(Number(response.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    } finally {
      await app.close();
    }
  });
});
