import type { CatalogueProto, Principal } from "@mp/contracts";
import { createUnaryClient, loadProto } from "@mp/grpc";
import { testLogger } from "@mp/logger";
import { type RunningService, startService } from "@mp/runtime";
import { ephemeralMesh, freePort, freshInfra, type TestInfra, type TestMesh, waitFor } from "@mp/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCatalogue, catalogueService } from "./module";
import { catalogueEnv } from "./testing/catalogue-env";

/**
 * A rolling restart under steady traffic drops no call. Two replicas of the real catalogue listen on two
 * ports behind one round_robin client (as a headless Service's pods are); each is stopped (health
 * NOT_SERVING, a drain delay, then a graceful shutdown) and started again on its port in turn, while
 * clients keep calling. Each replica reads its own database holding one instance named after it, so an
 * answer tells which replica served it, and the next replica restarts only once the first serves again,
 * as a rollout waits for readiness. Reads are slowed to ~40 ms so calls are always in flight when a
 * replica shuts down, and the client retries nothing itself: what must not be lost is lost otherwise.
 */
const proto = loadProto<CatalogueProto>("marketplace/catalogue/v1/catalogue.proto").marketplace.catalogue.v1;
const admin: Principal = {
  subject: "admin-1",
  organisationId: "0193a1b2-0000-7000-8000-0000000000a1",
  roles: ["admin"],
  via: "jwt",
};
const ctx = { principal: admin, requestId: "rolling" };

interface Replica {
  name: string;
  infra: TestInfra;
  port: number;
  service?: RunningService;
}

let mesh: TestMesh;
const replicas: Replica[] = [];

/** The real catalogue over a database that answers reads slowly. */
const slowCatalogue = {
  ...catalogueService,
  build: (deps: Parameters<typeof buildCatalogue>[0]) => {
    const query = deps.pool.query.bind(deps.pool) as (...args: unknown[]) => Promise<unknown>;
    const pool = new Proxy(deps.pool, {
      get: (target, key, receiver) =>
        key === "query"
          ? async (...args: unknown[]) => {
              await new Promise((resolve) => setTimeout(resolve, 40));
              return query(...args);
            }
          : Reflect.get(target, key, receiver),
    });
    return buildCatalogue({ ...deps, pool });
  },
};

const start = async (replica: Replica) => {
  replica.service = await startService(
    slowCatalogue,
    {
      ...catalogueEnv(replica.infra, mesh),
      CATALOGUE_GRPC_PORT: String(replica.port),
      OPS_PORT: "0",
      GRPC_DRAIN_MS: "300",
      GRPC_SHUTDOWN_GRACE_MS: "5000",
    },
    { logger: testLogger(replica.name) },
  );
};

beforeAll(async () => {
  mesh = await ephemeralMesh();
  for (const name of ["replica-1", "replica-2"]) {
    const replica: Replica = { name, infra: await freshInfra("rolling"), port: await freePort() };
    await start(replica);
    const direct = createUnaryClient(proto.CatalogueService, `127.0.0.1:${replica.port}`, {
      upstream: "catalogue",
      identity: mesh.gateway,
    });
    await direct.call("createInstance", { name, defaultCurrency: "EUR", platformFeeBps: 0 }, ctx);
    direct.close();
    replicas.push(replica);
  }
});

afterAll(async () => {
  for (const replica of replicas) {
    await replica.service?.stop();
    await replica.infra.cleanup();
  }
});

describe("rolling restart", () => {
  it("drops no call while each replica restarts in turn", async () => {
    const target = `ipv4:${replicas.map((r) => `127.0.0.1:${r.port}`).join(",")}`;
    const client = createUnaryClient(proto.CatalogueService, target, {
      upstream: "catalogue",
      identity: mesh.gateway,
      // No retries of our own: only what grpc-js repeats transparently (calls the server never saw).
      idempotent: [],
      deadlineMs: 5_000,
    });
    const counts = { sent: 0, succeeded: 0, failed: 0 };
    const servedBy = new Map<string, number>();
    const failures: unknown[] = [];
    let running = true;
    const worker = async () => {
      while (running) {
        counts.sent++;
        try {
          const page = await client.call("listInstances", { page: 1, pageSize: 1 }, ctx);
          counts.succeeded++;
          const by = page.items[0]?.name ?? "?";
          servedBy.set(by, (servedBy.get(by) ?? 0) + 1);
        } catch (error) {
          counts.failed++;
          failures.push(error);
        }
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    };
    const workers = [worker(), worker(), worker()];
    /** Wait until `name` has served calls again since now (the client found it). */
    const servesAgain = (name: string) => {
      const before = servedBy.get(name) ?? 0;
      return waitFor(() => ((servedBy.get(name) ?? 0) > before + 5 ? true : undefined), {
        timeoutMs: 30_000,
        what: `${name} to take traffic`,
      });
    };

    await servesAgain("replica-1");
    await servesAgain("replica-2");
    for (const replica of replicas) {
      await replica.service!.stop();
      await start(replica);
      await servesAgain(replica.name);
    }
    running = false;
    await Promise.all(workers);
    client.close();

    console.info(
      `rolling restart: sent ${counts.sent}, succeeded ${counts.succeeded}, failed ${counts.failed}, served by ${JSON.stringify(Object.fromEntries(servedBy))}`,
    );
    expect(failures.map((e) => String(e))).toEqual([]);
    expect(counts.succeeded).toBe(counts.sent);
    expect(counts.sent).toBeGreaterThan(50);
  });
});
