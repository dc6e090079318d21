import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { grpcTlsFrom, healthChecker, useGrpcTls } from "@mp/grpc";
import { testLogger } from "@mp/logger";
import { startTelemetry } from "@mp/telemetry";
import {
  ephemeralMesh,
  freePort,
  freshInfra,
  makeTestPki,
  startNatsServer,
  type TestInfra,
  type TestMesh,
  waitFor,
} from "@mp/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runMigrations } from "./migrate-command";
import { type RunningService, type ServiceSpec, startService } from "./service";

let infra: TestInfra;
let mesh: TestMesh;
let migrationsDir: string;
const telemetry = startTelemetry({ serviceName: "runtime-test", instrument: false });

beforeAll(async () => {
  infra = await freshInfra("runtime");
  mesh = await ephemeralMesh();
  migrationsDir = await mkdtemp(join(tmpdir(), "mp-runtime-migrations-"));
  await writeFile(join(migrationsDir, "0001_init.sql"), "CREATE TABLE widget (id int PRIMARY KEY);");
});
afterAll(async () => {
  await telemetry.shutdown();
  await rm(migrationsDir, { recursive: true, force: true });
  await infra?.cleanup();
});

/** The smallest service there is: one migration, one stream, no RPCs. */
function spec(): ServiceSpec {
  return {
    name: "listings",
    migrationsDir,
    streams: [{ name: "RUNTIME_TEST", subjects: ["runtimetest.>"] }],
    build: () => ({ grpc: {} }),
  };
}

async function env(natsUrl: string, extra: Record<string, string> = {}) {
  return {
    DATABASE_URL: infra.databaseUrl,
    NATS_URL: natsUrl,
    BUS_NAMESPACE: infra.busNamespace,
    LISTINGS_GRPC_PORT: "0",
    OPS_PORT: String(await freePort()),
    ...mesh.env("listings"),
    ...extra,
  };
}

async function get(url: string): Promise<{ status: number; body: Record<string, unknown> } | undefined> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(3_000) });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  } catch {
    return undefined;
  }
}

describe("service start-up", () => {
  it("is live while NATS is down, and becomes ready once a NATS server appears", async () => {
    const natsPort = await freePort();
    const config = await env(`nats://127.0.0.1:${natsPort}`);
    const ops = `http://127.0.0.1:${config.OPS_PORT}`;
    const starting = startService(spec(), config, { logger: testLogger("listings") });
    starting.catch(() => {});
    let nats: Awaited<ReturnType<typeof startNatsServer>> | undefined;
    let service: RunningService | undefined;
    try {
      const live = await waitFor(async () => (await get(`${ops}/healthz`))?.status, { what: "liveness" });
      expect(live).toBe(200);
      const notReady = await waitFor(
        async () => {
          const answer = await get(`${ops}/readyz`);
          return answer?.body.checks && (answer.body.checks as Record<string, string>).migrations === "ok"
            ? answer
            : undefined;
        },
        { what: "migrations applied while NATS is down" },
      );
      expect(notReady.status).toBe(503);
      expect(notReady.body.checks).toMatchObject({
        database: "ok",
        nats: "waiting for NATS",
        grpc: "gRPC not serving yet",
      });
      // still live, a while later
      expect((await get(`${ops}/healthz`))?.status).toBe(200);

      nats = await startNatsServer({ port: natsPort });
      service = await starting;
      const ready = await get(`${ops}/readyz`);
      expect(ready).toEqual({
        status: 200,
        body: { status: "ready", checks: { database: "ok", nats: "ok", grpc: "ok", migrations: "ok" } },
      });
      // the stream is ensured in the background
      const bus = service.bus;
      await waitFor(() => bus.jsm.streams.info(bus.streamName("RUNTIME_TEST")).catch(() => undefined), {
        what: "the stream",
      });

      const metrics = await fetch(`${ops}/metrics`).then((r) => r.text());
      expect(metrics).toMatch(/^db_pool_size\{pool="listings"[^}]*\} \d+$/m);
      expect(metrics).toMatch(/^db_pool_waiting\{pool="listings"[^}]*\} 0$/m);

      // readiness turns 503 as soon as stopping begins, while the process still answers
      const stopping = service.stop();
      const during = await get(`${ops}/readyz`);
      if (during) expect(during.status).toBe(503);
      await stopping;
      expect(await get(`${ops}/healthz`)).toBeUndefined();
    } finally {
      await service?.stop();
      await starting.then((s) => s.stop()).catch(() => {});
      await nats?.stop();
    }
  });

  it("with MIGRATE_ON_BOOT=false waits, live, until the migrate step has run", async () => {
    const config = await env(infra.natsUrl, {
      MIGRATE_ON_BOOT: "false",
      BUS_NAMESPACE: `m${infra.busNamespace}`,
    });
    // a schema of its own: the first test migrated `listings` already
    const separate = { ...spec(), name: "purchases" as const };
    const ops = `http://127.0.0.1:${config.OPS_PORT}`;
    const starting = startService(
      separate,
      { ...config, PURCHASES_GRPC_PORT: "0", ...mesh.env("purchases") },
      {
        logger: testLogger("purchases"),
      },
    );
    starting.catch(() => {});
    try {
      const waiting = await waitFor(
        async () => {
          const answer = await get(`${ops}/readyz`);
          const migrations = (answer?.body.checks as Record<string, string> | undefined)?.migrations;
          return migrations?.includes("pending") ? answer : undefined;
        },
        { what: "the service to wait for migrations" },
      );
      expect(waiting.status).toBe(503);
      expect((waiting.body.checks as Record<string, string>).migrations).toMatch(
        /^\d+ pending: bus\/0001.*service\/0001_init$/,
      );
      expect((await get(`${ops}/healthz`))?.status).toBe(200);

      expect(await runMigrations(separate, config)).toBe(0);
      const service = await starting;
      expect((await get(`${ops}/readyz`))?.status).toBe(200);
      const { rows } = await service.pool.query("SELECT to_regclass('purchases.widget') AS t");
      expect(rows[0].t).toBe("widget");
      // running it again is a no-op
      expect(await runMigrations(separate, config)).toBe(0);
    } finally {
      await starting.then((s) => s.stop()).catch(() => {});
    }
  });

  it("serves gRPC over mutual TLS with GRPC_TLS_*, and refuses plaintext", async () => {
    const dir = await mkdtemp(join(tmpdir(), "mp-runtime-tls-"));
    const pki = makeTestPki(dir, "mesh");
    const tlsEnv = { GRPC_TLS_CERT_FILE: pki.cert, GRPC_TLS_KEY_FILE: pki.key, GRPC_TLS_CA_FILE: pki.ca };
    const config = await env(infra.natsUrl, { BUS_NAMESPACE: `t${infra.busNamespace}`, ...tlsEnv });
    const separate = { ...spec(), name: "settlements" as const };
    const service = await startService(
      separate,
      { ...config, SETTLEMENTS_GRPC_PORT: "0", ...mesh.env("settlements") },
      { logger: testLogger("settlements") },
    );
    const address = `127.0.0.1:${service.grpcPort}`;
    const overTls = healthChecker(address, grpcTlsFrom(tlsEnv));
    const plaintext = healthChecker(address, false);
    try {
      expect(await overTls.check("", 3_000)).toBe(true);
      expect(await plaintext.check("", 3_000)).toBe(false);
    } finally {
      overTls.close();
      plaintext.close();
      useGrpcTls(undefined);
      await service.stop();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("has DB_POOL_MIN connections open when it starts serving gRPC", async () => {
    const config = await env(infra.natsUrl, { DB_POOL_MIN: "4", DB_POOL_MAX: "6" });
    const service = await startService(spec(), config, { logger: testLogger("listings") });
    try {
      // Start-up itself needs one or two connections at a time; four are open only because they were opened.
      expect(service.pool.totalCount).toBeGreaterThanOrEqual(4);
    } finally {
      await service.stop();
    }
  });

  it("refuses to start with only part of GRPC_TLS_*, naming the missing keys", async () => {
    const config = await env(infra.natsUrl, { GRPC_TLS_CERT_FILE: "/nowhere/cert.pem" });
    await expect(startService(spec(), config, { logger: testLogger("listings") })).rejects.toThrow(
      /GRPC_TLS_KEY_FILE[\s\S]*GRPC_TLS_CA_FILE|GRPC_TLS_CA_FILE[\s\S]*GRPC_TLS_KEY_FILE/,
    );
  });
});
