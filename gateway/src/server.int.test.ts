import { spawn } from "node:child_process";
import { Agent, request as httpRequest } from "node:http";
import { fileURLToPath } from "node:url";
import { ephemeralMesh, freePort, freshInfra, type TestInfra, waitFor } from "@mp/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { grpcUrlKey, SERVICE_NAMES } from "./config";
import { startGateway } from "./server";
import { createTestKeys, type TestKeys, testConfig } from "./testing/test-kit";

let infra: TestInfra;
let keys: TestKeys;
let env: Record<string, string>;

beforeAll(async () => {
  infra = await freshInfra("gateway_server");
  keys = await createTestKeys();
  const nowhere = `127.0.0.1:${await freePort()}`;
  env = {
    DATABASE_URL: infra.databaseUrl,
    GATEWAY_PORT: "0",
    ...Object.fromEntries(SERVICE_NAMES.map((name) => [grpcUrlKey(name), nowhere])),
    ...(await ephemeralMesh()).env("gateway"),
  };
});
afterAll(() => infra?.cleanup());

describe("startGateway", () => {
  it("migrates its schema, listens, and closes cleanly", async () => {
    const gateway = await startGateway(testConfig(keys, env));
    try {
      expect(gateway.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect((await fetch(`${gateway.url}/healthz`)).status).toBe(200);
      expect((await fetch(`${gateway.url}/readyz`)).status).toBe(404);
      // readiness lives on the ops port: its database answers, no upstream does, and it is ready (its
      // routes to the upstreams answer 503 with Retry-After meanwhile)
      expect(gateway.opsUrl).not.toBe(gateway.url);
      expect((await fetch(`${gateway.opsUrl}/healthz`)).status).toBe(200);
      const ready = await fetch(`${gateway.opsUrl}/readyz`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toMatchObject({
        status: "ready",
        checks: { database: "ok", http: "ok", "upstream.catalogue": "not serving" },
      });
      expect(await (await fetch(`${gateway.opsUrl}/metrics`)).text()).toMatch(
        /^db_pool_size\{pool="gateway"/m,
      );
      const keysList = await fetch(`${gateway.url}/marketplace/api-keys`, {
        headers: { authorization: `Bearer ${await keys.token(["developer"])}` },
      });
      expect(await keysList.json()).toMatchObject({ items: [], totalCount: 0 });
    } finally {
      await gateway.close();
      await gateway.close();
    }
  });
});

describe("closing with GATEWAY_DRAIN_MS", () => {
  it("serves on during the drain, each answer closing its keep-alive connection, then stops", async () => {
    const gateway = await startGateway(testConfig(keys, { ...env, GATEWAY_DRAIN_MS: "600" }));
    const url = new URL("/healthz", gateway.url);
    const get = () =>
      new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
        const request = httpRequest(url, { agent }, (response) => {
          response.resume();
          response.on("end", () =>
            resolve({ status: response.statusCode ?? 0, connection: response.headers.connection }),
          );
        });
        request.on("error", reject);
        request.end();
      });
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      expect(await get()).toEqual({ status: 200, connection: "keep-alive" });
      const closing = gateway.close();
      await new Promise((resolve) => setTimeout(resolve, 100));
      // The kept-alive connection still gets an answer, and is told to close after it.
      expect(await get()).toEqual({ status: 200, connection: "close" });
      await closing;
      await expect(get()).rejects.toMatchObject({ code: "ECONNREFUSED" });
    } finally {
      agent.destroy();
      await gateway.close();
    }
  });
});

describe("main", () => {
  it("exits 1 naming bad configuration, and 0 on SIGTERM", async () => {
    const main = fileURLToPath(new URL("./main.ts", import.meta.url));
    const root = fileURLToPath(new URL("../..", import.meta.url));
    // The launcher's command (`node --import tsx`), not the tsx CLI: the CLI runs the gateway in a child
    // of its own and relays SIGTERM; a CI run saw it exit 143 (killed by the signal) instead of the
    // gateway's own 0.
    const run = (extra: Record<string, string>) => {
      const child = spawn(process.execPath, ["--import", "tsx", main], {
        cwd: root,
        env: { ...process.env, ...env, ...extra },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      child.stdout.on("data", (chunk) => (output += chunk));
      child.stderr.on("data", (chunk) => (output += chunk));
      const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
      return { child, exited, output: () => output };
    };

    const bad = run({ NODE_ENV: "production", AUTH_JWKS_FILE: keys.jwksPath, GATEWAY_PORT: "x" });
    expect(await bad.exited).toBe(1);
    expect(bad.output()).toMatch(/AUTH_JWKS_FILE/);
    expect(bad.output()).toMatch(/GATEWAY_PORT/);

    const good = run({ NODE_ENV: "development", AUTH_JWKS_FILE: keys.jwksPath, LOG_LEVEL: "info" });
    // tsx compiles the whole gateway on its first start: on a loaded 2-core CI machine that once took
    // over 20 s.
    await waitFor(() => (good.output().includes("gateway listening") ? true : undefined), {
      timeoutMs: 75_000,
      what: "the gateway to listen",
    });
    good.child.kill("SIGTERM");
    expect(await good.exited).toBe(0);
  }, 120_000);
});
