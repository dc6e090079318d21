import { createPool } from "@mp/db";
import { testLogger } from "@mp/logger";
import { freePort } from "@mp/testing";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { databaseCheck } from "./checks";
import { type OpsServer, startOpsServer } from "./ops-server";
import { Readiness } from "./readiness";

let readiness: Readiness;
let server: OpsServer;

// A fresh server and readiness per test: each test's checks and stopping stay its own, in any order.
beforeEach(async () => {
  readiness = new Readiness();
  server = await startOpsServer({ host: "127.0.0.1", port: 0, readiness, logger: testLogger() });
});
afterEach(() => server.close());

const get = async (path: string, init?: RequestInit) => {
  const response = await fetch(`${server.url}${path}`, init);
  return {
    status: response.status,
    body: (await response.json()) as { status: string; checks: Record<string, string> },
  };
};

describe("ops server", () => {
  it("is live whatever readiness says, and ready only when every check passes", async () => {
    readiness.set("a", async () => true);
    readiness.pending("b", "waiting for b");
    expect(await get("/healthz")).toEqual({ status: 200, body: { status: "ok" } });
    expect(await get("/readyz")).toEqual({
      status: 503,
      body: { status: "not ready", checks: { a: "ok", b: "waiting for b" } },
    });
    readiness.set("b", async () => true);
    expect((await get("/readyz")).status).toBe(200);
  });

  it("reports a check that throws or hangs as not ready, with its reason", async () => {
    const unreachable = createPool({
      url: `postgres://postgres@127.0.0.1:${await freePort()}/postgres`,
      schema: "nowhere",
      connectTimeoutMs: 500,
      logger: testLogger(),
    });
    try {
      readiness.set("database", databaseCheck(unreachable));
      readiness.set("slow", () => new Promise(() => {}));
      const answer = await get("/readyz");
      expect(answer.status).toBe(503);
      expect(answer.body.checks.database).toMatch(/ECONNREFUSED|connect/);
      expect(answer.body.checks.slow).toBe("no answer within 2000 ms");
    } finally {
      readiness.set("database", async () => true);
      readiness.set("slow", async () => true);
      await unreachable.end();
    }
  });

  it("is not ready from the moment stopping begins", async () => {
    expect((await get("/readyz")).status).toBe(200);
    readiness.stopping();
    const answer = await get("/readyz");
    expect(answer.status).toBe(503);
    expect(answer.body.checks.process).toBe("shutting down");
  });

  it("answers only GET, and 404 elsewhere or for metrics without telemetry", async () => {
    expect((await get("/healthz", { method: "POST" })).status).toBe(405);
    expect((await get("/nothing")).status).toBe(404);
    expect((await get("/metrics")).status).toBe(404);
  });
});
