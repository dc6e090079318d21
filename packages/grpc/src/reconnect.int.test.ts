import type { CatalogueProto } from "@mp/contracts";
import type { CatalogueServiceHandlers } from "@mp/contracts/generated/marketplace/catalogue/v1/CatalogueService";
import { testLogger } from "@mp/logger";
import { ephemeralMesh, type TestMesh } from "@mp/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUnaryClient } from "./client";
import { unaryHandlers } from "./handlers";
import { loadProto } from "./loader";
import { adminPrincipal as principal } from "./principal.fixture";
import { type GrpcServer, startGrpcServer } from "./server";

/**
 * A client over two replicas (a static `ipv4:` list, as the rehearsal's, or a headless Service's pods)
 * while one is down for a while and comes back. grpc-js's default reconnect backoff grows to two minutes:
 * after a 16 s outage the client would not dial the replica again for seconds, so when the other replica
 * is then restarted, no subchannel is ready and reads fail. The client caps the backoff at a second.
 */
const proto = loadProto<CatalogueProto>("marketplace/catalogue/v1/catalogue.proto").marketplace.catalogue.v1;
const logger = testLogger();
const calls = new Map<string, number>();
let mesh: TestMesh;

async function replica(name: string, port = 0): Promise<GrpcServer> {
  return startGrpcServer({
    host: "127.0.0.1",
    port,
    logger,
    verifier: mesh.verifier("catalogue"),
    services: {
      "marketplace.catalogue.v1.CatalogueService": {
        definition: proto.CatalogueService.service,
        implementation: unaryHandlers<CatalogueServiceHandlers>(
          "catalogue",
          {
            CreateInstance: async () => {
              throw new Error("not called");
            },
            GetInstance: async () => {
              throw new Error("not called");
            },
            async ListInstances() {
              calls.set(name, (calls.get(name) ?? 0) + 1);
              return { items: [], page: 1, pageSize: 20, totalCount: 0, totalPages: 0 };
            },
          },
          logger,
        ),
      },
    },
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  mesh = await ephemeralMesh();
});

const servers: GrpcServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.shutdown(200)));
});

describe("a client over two replicas", () => {
  it("dials a replica back from an outage within about a second, so the other may then stop", async () => {
    let a = await replica("a");
    const b = await replica("b");
    servers.push(b);
    const client = createUnaryClient(proto.CatalogueService, `ipv4:127.0.0.1:${a.port},127.0.0.1:${b.port}`, {
      upstream: "catalogue",
      identity: mesh.gateway,
      logger,
      idempotent: ["listInstances"],
    });
    const ctx = { principal, requestId: "r" };
    const list = () => client.call("listInstances", { page: 1, pageSize: 20 }, ctx);
    try {
      for (let i = 0; i < 10; i++) await list();
      expect(calls.get("a")).toBeGreaterThan(0);

      await a.shutdown(200);
      // Reads go on while replica a is down, as the gateway's would: each finds b.
      const downUntil = Date.now() + 16_000;
      while (Date.now() < downUntil) {
        await list();
        await sleep(250);
      }
      a = await replica("a", a.port);
      servers.push(a);
      calls.set("a", 0);
      // The rehearsal waits for readiness and 3 s before the next disruption; 1.5 s is less.
      const until = Date.now() + 1_500;
      while (Date.now() < until) {
        await list();
        await sleep(50);
      }
      expect(calls.get("a"), "calls replica a answered in the 1.5 s after it came back").toBeGreaterThan(0);

      await b.shutdown(200);
      await expect(list()).resolves.toMatchObject({ totalCount: 0 });
    } finally {
      client.close();
    }
  }, 30_000);
});
