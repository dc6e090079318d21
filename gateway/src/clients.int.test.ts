import type { CatalogueProto } from "@mp/contracts";
import type { CatalogueServiceHandlers } from "@mp/contracts/generated/marketplace/catalogue/v1/CatalogueService";
import { NotFoundError } from "@mp/errors";
import { type CallContext, type GrpcServer, loadProto, startGrpcServer, unaryHandlers } from "@mp/grpc";
import { testLogger } from "@mp/logger";
import { currentTraceId, startTelemetry } from "@mp/telemetry";
import { ephemeralMesh, freePort, type TestMesh } from "@mp/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGatewayClients, type GatewayClients } from "./clients";
import { grpcUrlKey, SERVICE_NAMES, type ServiceName } from "./config";
import { gatewayReadiness } from "./routes/ops/readiness";
import {
  buildTestApp,
  createTestKeys,
  expectProblem,
  ORG_A,
  type TestKeys,
  testConfig,
} from "./testing/test-kit";
import type { ZodApp } from "./zod-app";

const telemetry = startTelemetry({ serviceName: "gateway-clients-test" });
const logger = testLogger();
const ID = "0193a1b2-0000-7000-8000-0000000000aa";
let seen: { ctx?: CallContext; traceId?: string | undefined } = {};
let server: GrpcServer;
let keys: TestKeys;
let deadPort: number;
let mesh: TestMesh;
const opened: { app?: ZodApp; clients: GatewayClients }[] = [];

beforeAll(async () => {
  mesh = await ephemeralMesh();
  const proto = loadProto<CatalogueProto>("marketplace/catalogue/v1/catalogue.proto").marketplace.catalogue
    .v1;
  const handlers = unaryHandlers<CatalogueServiceHandlers>(
    "catalogue",
    {
      async CreateInstance() {
        throw new Error("not used");
      },
      async ListInstances() {
        return { items: [], page: 1, pageSize: 20, totalCount: 0, totalPages: 0 };
      },
      async GetInstance(request, ctx) {
        seen = { ctx, traceId: currentTraceId() };
        if (request.id !== ID) throw new NotFoundError("Instance");
        const createdAt = "2026-01-01T00:00:00.000Z";
        return {
          id: ID,
          name: "EU",
          ownerOrganisationId: ORG_A,
          defaultCurrency: "EUR",
          platformFeeBps: 0,
          createdAt,
        };
      },
    },
    logger,
  );
  server = await startGrpcServer({
    host: "127.0.0.1",
    port: 0,
    services: {
      "marketplace.catalogue.v1.CatalogueService": {
        definition: proto.CatalogueService.service,
        implementation: handlers,
      },
    },
    logger,
    verifier: mesh.verifier("catalogue"),
  });
  keys = await createTestKeys();
  deadPort = await freePort();
});

afterAll(async () => {
  for (const { app, clients } of opened) {
    await app?.close();
    clients.close();
  }
  await server.shutdown(500);
  await telemetry.shutdown();
});

/** Every upstream's address: the test server, or a dead port for those listed in `down`. */
function upstreamEnv(down: string[] = []): Record<string, string> {
  return {
    ...Object.fromEntries(
      SERVICE_NAMES.map((name) => [
        grpcUrlKey(name),
        `127.0.0.1:${down.includes(name) ? deadPort : server.port}`,
      ]),
    ),
    ...mesh.env("gateway"),
  };
}

/** A gateway with real gRPC clients; every upstream at the test server unless listed in `down`. */
async function gateway(down: string[] = []) {
  const clients = createGatewayClients(testConfig(keys, upstreamEnv(down)), { logger });
  const app = await buildTestApp({ keys, clients });
  opened.push({ app, clients });
  return app;
}

describe("real upstream clients", () => {
  it("are not made without the gateway's mesh key, naming the key", () => {
    expect(() => createGatewayClients(testConfig(keys))).toThrow(/MESH_PRIVATE_KEY/);
    const serviceKey = mesh.env("catalogue");
    expect(() =>
      createGatewayClients(testConfig(keys, { MESH_PRIVATE_KEY: serviceKey.MESH_PRIVATE_KEY! })),
    ).toThrow(/belongs to service:catalogue/);
  });

  it("carries the caller, the request id and the trace over gRPC", async () => {
    const app = await gateway();
    const response = await app.inject({
      url: `/marketplace/instances/${ID}`,
      headers: { authorization: `Bearer ${await keys.token(["developer"])}`, "x-request-id": "grpc-hop-1" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: ID, name: "EU" });
    expect(seen.ctx?.principal).toMatchObject({ organisationId: ORG_A, roles: ["developer"], via: "jwt" });
    expect(seen.ctx?.requestId).toBe("grpc-hop-1");
    expect(response.headers.traceparent).toContain(`-${seen.traceId}-`);
  });

  it("maps an upstream not-found to a 404 problem", async () => {
    const app = await gateway();
    const response = await app.inject({
      url: "/marketplace/instances/0193a1b2-0000-7000-8000-0000000000ff",
      headers: { authorization: `Bearer ${await keys.token(["developer"])}` },
    });
    expectProblem(response, 404, "not-found");
  });

  it("reports each upstream's health, and stays ready while one is not SERVING", async () => {
    const readiness = (down: ServiceName[] = []) => {
      const clients = createGatewayClients(testConfig(keys, upstreamEnv(down)));
      opened.push({ clients });
      return gatewayReadiness({ pool: undefined, health: clients.health }).report();
    };
    expect(await readiness()).toMatchObject({ ready: true });
    const report = await readiness(["iot-adapter"]);
    expect(report.ready).toBe(true);
    expect(report.checks).toEqual({
      "upstream.catalogue": "ok",
      "upstream.publishing": "ok",
      "upstream.assets": "ok",
      "upstream.listings": "ok",
      "upstream.purchases": "ok",
      "upstream.settlements": "ok",
      "upstream.iot-adapter": "not serving",
      "upstream.webhooks": "ok",
    });
  });

  it("answers 503 with Retry-After when the catalogue is down", async () => {
    const app = await gateway(["catalogue"]);
    const response = await app.inject({
      url: "/marketplace/instances",
      headers: { authorization: `Bearer ${await keys.token(["developer"])}` },
    });
    expectProblem(response, 503, "upstream-unavailable");
    expect(response.headers["retry-after"]).toBeDefined();
  });
});
