import type { CatalogueProto } from "@mp/contracts";
import type { CatalogueServiceHandlers } from "@mp/contracts/generated/marketplace/catalogue/v1/CatalogueService";
import { testLogger } from "@mp/logger";
import { ephemeralMesh, type TestMesh } from "@mp/testing";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createUnaryClient } from "./client";
import { unaryHandlers } from "./handlers";
import { loadProto } from "./loader";
import { adminPrincipal as principal } from "./principal.fixture";
import { type GrpcServer, startGrpcServer } from "./server";

/**
 * A replica that is stopping refuses calls at once (UNAVAILABLE, not executed), and the client repeats
 * them, writes included, on the other replica of a round_robin channel: two real servers, one client.
 */
const proto = loadProto<CatalogueProto>("marketplace/catalogue/v1/catalogue.proto").marketplace.catalogue.v1;
const logger = testLogger();
const instance = {
  id: "0193a1b2-0000-7000-8000-0000000000ab",
  name: "x",
  ownerOrganisationId: principal.organisationId,
  defaultCurrency: "EUR",
  platformFeeBps: 0,
  createdAt: new Date(0).toISOString(),
};

let mesh: TestMesh;
const replicas: { server: GrpcServer; admits: boolean; creates: number; gets: number }[] = [];

async function replica() {
  const state = { server: undefined as unknown as GrpcServer, admits: true, creates: 0, gets: 0 };
  state.server = await startGrpcServer({
    host: "127.0.0.1",
    port: 0,
    logger,
    verifier: mesh.verifier("catalogue"),
    admits: () => state.admits,
    services: {
      "marketplace.catalogue.v1.CatalogueService": {
        definition: proto.CatalogueService.service,
        implementation: unaryHandlers<CatalogueServiceHandlers>(
          "catalogue",
          {
            async CreateInstance() {
              state.creates++;
              return instance;
            },
            async GetInstance() {
              state.gets++;
              return instance;
            },
            async ListInstances() {
              return { items: [], page: 1, pageSize: 20, totalCount: 0, totalPages: 0 };
            },
          },
          logger,
        ),
      },
    },
  });
  replicas.push(state);
  return state;
}

const clientOver = (...ports: number[]) =>
  createUnaryClient(proto.CatalogueService, `ipv4:${ports.map((p) => `127.0.0.1:${p}`).join(",")}`, {
    upstream: "catalogue",
    identity: mesh.gateway,
    logger,
    idempotent: ["getInstance"],
    retry: { maxAttempts: 3, initialBackoffMs: 5, maxBackoffMs: 10 },
  });

const ctx = { principal, requestId: "r" };
let a: Awaited<ReturnType<typeof replica>>;
let b: Awaited<ReturnType<typeof replica>>;

beforeAll(async () => {
  mesh = await ephemeralMesh();
  a = await replica();
  b = await replica();
});

afterAll(async () => {
  await Promise.all(replicas.map((r) => r.server.shutdown(200)));
});

beforeEach(() => {
  for (const r of replicas) {
    r.admits = true;
    r.creates = 0;
    r.gets = 0;
  }
});

describe("a replica that does not admit calls", () => {
  it("runs no handler, and its refused writes and reads are done by the other replica", async () => {
    const client = clientOver(a.server.port, b.server.port);
    // Both subchannels connected (round_robin alternates), then replica a starts refusing.
    for (let i = 0; i < 4; i++) await client.call("getInstance", { id: "x" }, ctx);
    expect(a.gets).toBeGreaterThan(0);
    a.admits = false;
    for (let i = 0; i < 10; i++) {
      await expect(client.call("createInstance", { name: "x" }, ctx)).resolves.toMatchObject({
        id: instance.id,
      });
      await expect(client.call("getInstance", { id: "x" }, ctx)).resolves.toMatchObject({ id: instance.id });
    }
    expect(a.creates).toBe(0);
    expect(b.creates).toBe(10);
    client.close();
  });

  it("answers UNAVAILABLE at once when it is the only one, not at the deadline", async () => {
    const client = clientOver(a.server.port);
    await client.call("getInstance", { id: "x" }, ctx);
    a.admits = false;
    const started = performance.now();
    await expect(client.call("createInstance", { name: "x" }, ctx)).rejects.toMatchObject({
      code: "upstream-unavailable",
    });
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(a.creates).toBe(0);
    client.close();
  });
});
