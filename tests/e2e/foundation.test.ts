import { seedDemoData } from "@mp/local/demo-data";
import type { LocalStack } from "@mp/local/stack";
import { isListening, waitFor } from "@mp/testing";
import { generateKeyPair, SignJWT } from "jose";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectProblem, httpClient } from "./http";
import { type CollectedSpan, type OtlpCollector, startOtlpCollector } from "./otlp-collector";
import { startTestStack } from "./stack";

/**
 * The foundation through the front door: the launcher starts its own PostgreSQL, NATS and object store
 * and every service as a separate process, and these tests talk to the gateway over HTTP only. This file's
 * stack runs the TypeScript through tsx, exactly as `pnpm start` does; the other e2e files run the bundles.
 */
let stack: LocalStack;
let call: ReturnType<typeof httpClient>;
const logs: string[] = [];

let collector: OtlpCollector;

beforeAll(async () => {
  collector = await startOtlpCollector();
  // Every process exports its spans to the collector, in small delays so the test need not wait long.
  stack = await startTestStack(logs, {
    LOCAL_STACK_BUILD: "source",
    OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
    OTEL_BSP_SCHEDULE_DELAY: "200",
  });
  call = httpClient(stack.gatewayUrl);
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  await collector?.close();
});

const instanceBody = { name: "Europe", defaultCurrency: "EUR", platformFeeBps: 1000 };

describe("marketplace instances through the gateway", () => {
  it("creates, reads and lists instances with a JWT", async () => {
    const admin = stack.credentials.admin;
    const created = await call("POST", "/marketplace/instances", { token: admin.token, body: instanceBody });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ ...instanceBody, ownerOrganisationId: admin.organisationId });
    expect(created.body.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(created.headers.get("x-request-id")).toBeTruthy();
    const id = created.body.id as string;

    const read = await call("GET", `/marketplace/instances/${id.toUpperCase()}`, {
      token: stack.credentials.developer.token,
    });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(created.body);

    const listed = await call<{
      items: { id: string }[];
      totalCount: number;
      page: number;
      pageSize: number;
    }>("GET", "/marketplace/instances?page=1&pageSize=100", {
      token: stack.credentials.provider.token,
      headers: { "x-request-id": "e2e-list-1" },
    });
    expect(listed.status).toBe(200);
    expect(listed.headers.get("x-request-id")).toBe("e2e-list-1");
    expect(listed.body).toMatchObject({ page: 1, pageSize: 100 });
    expect(listed.body.items.map((i) => i.id)).toContain(id);
  });

  it("works with an API key in both header forms, a key cannot mint another, and a revoked key is refused", async () => {
    const admin = stack.credentials.admin;
    const issued = await call("POST", "/marketplace/api-keys", {
      token: admin.token,
      body: { name: "e2e", roles: ["admin"] },
    });
    expect(issued.status).toBe(200);
    const key = issued.body.key as string;
    expect(key).toMatch(/^mk_(test|live)_[0-9A-Za-z]{32,}$/);

    const created = await call("POST", "/marketplace/instances", {
      apiKey: key,
      body: { ...instanceBody, name: "Keyed" },
    });
    expect(created.status).toBe(200);
    expect(created.body.ownerOrganisationId).toBe(admin.organisationId);
    const viaBearerForm = await call("GET", `/marketplace/instances/${created.body.id}`, {
      apiKey: `Bearer ${key}`,
    });
    expect(viaBearerForm.status).toBe(200);

    const keys = await call<{ items: Record<string, unknown>[] }>(
      "GET",
      "/marketplace/api-keys?page=1&pageSize=20",
      { apiKey: key },
    );
    expect(keys.status).toBe(200);
    expect(keys.body.items.some((k) => k.id === issued.body.id)).toBe(true);
    expect(JSON.stringify(keys.body)).not.toContain(key);
    const minted = await call("POST", "/marketplace/api-keys", {
      apiKey: key,
      body: { name: "from a key", roles: ["admin"] },
    });
    expectProblem(minted, 403, "forbidden", "/marketplace/api-keys");

    const revoked = await call("DELETE", `/marketplace/api-keys/${issued.body.id}`, { token: admin.token });
    expect(revoked.status).toBe(204);
    const refused = await call("GET", "/marketplace/instances", { apiKey: key });
    expectProblem(refused, 401, "unauthenticated", "/marketplace/instances");
    expect(refused.headers.get("www-authenticate")).toMatch(/^Bearer/);
  });

  it("refuses missing, forged, expired and wrong-audience credentials with 401", async () => {
    const org = stack.credentials.admin.organisationId;
    const { privateKey } = await generateKeyPair("ES256");
    const forged = await new SignJWT({ org, roles: ["admin"] })
      .setProtectedHeader({ alg: "ES256", kid: "not-ours" })
      .setIssuer("https://auth.marketplace.local")
      .setAudience("marketplace-api")
      .setSubject("mallory")
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(privateKey);
    const expired = await stack.signToken({
      org,
      roles: ["admin"],
      issuedAt: Math.floor(Date.now() / 1000) - 3600,
      ttlSeconds: 60,
    });
    const wrongAudience = await stack.signToken({ org, roles: ["admin"], audience: "someone-else" });

    for (const token of [undefined, forged, expired, wrongAudience, "not-a-jwt"]) {
      const result = await call("GET", "/marketplace/instances", token ? { token } : {});
      expectProblem(result, 401, "unauthenticated", "/marketplace/instances");
      expect(result.headers.get("www-authenticate")).toMatch(/^Bearer/);
    }
  });

  it("forbids a provider to create an instance", async () => {
    const result = await call("POST", "/marketplace/instances", {
      token: stack.credentials.provider.token,
      body: instanceBody,
    });
    expectProblem(result, 403, "forbidden", "/marketplace/instances");
  });

  it("answers 400 with field errors for a bad body and for pageSize=0", async () => {
    const token = stack.credentials.admin.token;
    const bad = await call<{ errors: Record<string, string[]> }>("POST", "/marketplace/instances", {
      token,
      body: { name: "", defaultCurrency: "EURO", platformFeeBps: 9000, owner: "me" },
    });
    expectProblem(bad, 400, "validation-failed");
    expect(Object.keys(bad.body.errors)).toEqual(
      expect.arrayContaining(["body.name", "body.defaultCurrency", "body.platformFeeBps"]),
    );

    const page = await call<{ errors: Record<string, string[]> }>(
      "GET",
      "/marketplace/instances?pageSize=0",
      { token },
    );
    expectProblem(page, 400, "validation-failed");
    expect(Object.keys(page.body.errors)).toEqual(["query.pageSize"]);
  });

  it("answers 404 problem for an unknown instance", async () => {
    const path = "/marketplace/instances/0193a5d0-0000-7000-8000-00000000dead";
    const result = await call("GET", path, { token: stack.credentials.admin.token });
    expectProblem(result, 404, "not-found", path);
  });

  it("lets publishing learn the new instance from catalogue.instance.created.v1", async () => {
    const created = await call("POST", "/marketplace/instances", {
      token: stack.credentials.admin.token,
      body: { ...instanceBody, name: "Evented", defaultCurrency: "GBP" },
    });
    expect(created.status).toBe(200);
    const db = new pg.Client({ connectionString: stack.databaseUrl });
    await db.connect();
    try {
      const row = await waitFor(
        async () => {
          const { rows } = await db.query(
            "SELECT default_currency FROM publishing.known_instances WHERE id = $1",
            [created.body.id],
          );
          return rows[0];
        },
        { timeoutMs: 15_000, what: "publishing to record the instance" },
      );
      expect(row.default_currency).toBe("GBP");
    } finally {
      await db.end();
    }
  });
});

describe("the ops port of every process", () => {
  it("serves liveness, readiness and Prometheus metrics; the public port keeps only /healthz", async () => {
    expect(Object.keys(stack.opsUrls).sort()).toEqual([
      "assets",
      "catalogue",
      "gateway",
      "iot-adapter",
      "listings",
      "publishing",
      "purchases",
      "settlements",
      "webhooks",
    ]);
    for (const [name, url] of Object.entries(stack.opsUrls)) {
      expect((await fetch(`${url}/healthz`)).status, name).toBe(200);
      const ready = await fetch(`${url}/readyz`);
      expect(ready.status, name).toBe(200);
      const { checks } = (await ready.json()) as { checks: Record<string, string> };
      expect(checks.database, name).toBe("ok");
      // An upstream's health is probed with a 1 s deadline on each /readyz: on a loaded machine one probe
      // can miss it, so ask again until it reports the catalogue serving.
      if (name === "gateway")
        await waitFor(
          async () => {
            const again = (await (await fetch(`${url}/readyz`)).json()) as { checks: Record<string, string> };
            return again.checks["upstream.catalogue"] === "ok" ? true : undefined;
          },
          { what: "the gateway's readiness to show the catalogue serving" },
        );
      else expect(checks, name).toMatchObject({ nats: "ok", grpc: "ok" });
      const metrics = await (await fetch(`${url}/metrics`)).text();
      expect(metrics, name).toMatch(/^db_pool_size\{/m);
    }
    const gatewayMetrics = await (await fetch(`${stack.opsUrls.gateway}/metrics`)).text();
    expect(gatewayMetrics).toMatch(
      /^http_server_request_duration_count\{[^}]*http_route="\/marketplace\/instances"/m,
    );
    expect((await fetch(`${stack.gatewayUrl}/healthz`)).status).toBe(200);
    expect((await fetch(`${stack.gatewayUrl}/readyz`)).status).toBe(404);
    expect((await fetch(`${stack.gatewayUrl}/metrics`)).status).toBe(404);
  });
});

describe("one request, one trace", () => {
  it("spans the gateway's HTTP, the gRPC call into the catalogue, its SQL, and publishing's consumer", async () => {
    const created = await call("POST", "/marketplace/instances", {
      token: stack.credentials.admin.token,
      body: { ...instanceBody, name: "Traced" },
    });
    expect(created.status).toBe(200);
    const traceId = /^00-([0-9a-f]{32})-/.exec(created.headers.get("traceparent") ?? "")?.[1];
    expect(traceId).toBeDefined();
    const inTrace = () => collector.spans.filter((span) => span.traceId === traceId);
    const has = (service: string, kind: number, name: RegExp) =>
      inTrace().find((span) => span.service === service && span.kind === kind && name.test(span.name));
    const chain = await waitFor(
      () => {
        const http = has("gateway", 2, /^POST \/marketplace\/instances$/);
        const grpcServer = has("catalogue", 2, /CatalogueService\/CreateInstance$/);
        const sql = has("catalogue", 3, /INSERT|pg\.query/);
        const consumerSql = inTrace().find((span) => span.service === "publishing" && span.kind === 3);
        return http && grpcServer && sql && consumerSql ? { http, grpcServer, sql } : undefined;
      },
      { timeoutMs: 20_000, what: `spans of trace ${traceId} from gateway, catalogue and publishing` },
    );
    // parent links lead from the catalogue's SQL back to the gateway's HTTP server span
    const byId = new Map(inTrace().map((span) => [span.spanId, span]));
    const ancestors = (span: CollectedSpan) => {
      const seen: CollectedSpan[] = [];
      for (
        let at = span.parentSpanId && byId.get(span.parentSpanId);
        at;
        at = at.parentSpanId && byId.get(at.parentSpanId)
      )
        seen.push(at);
      return seen;
    };
    expect(ancestors(chain.sql)).toContain(chain.grpcServer);
    expect(ancestors(chain.grpcServer)).toContain(chain.http);
    expect(chain.http.parentSpanId).toBeUndefined();
  });
});

describe("the local stack", () => {
  it("seeds a demo instance once, through the API", async () => {
    const first = await seedDemoData(stack.gatewayUrl, stack.credentials);
    const again = await seedDemoData(stack.gatewayUrl, stack.credentials);
    expect(again.instanceId).toBe(first.instanceId);
    const read = await call("GET", `/marketplace/instances/${first.instanceId}`, {
      token: stack.credentials.admin.token,
    });
    expect(read.status).toBe(200);
  });

  it("stops cleanly: gateway, database and NATS are gone afterwards", async () => {
    const gateway = new URL(stack.gatewayUrl);
    const database = new URL(stack.databaseUrl);
    const nats = new URL(stack.natsUrl.replace(/^nats:/, "http:"));
    expect(await isListening(gateway.hostname, Number(gateway.port))).toBe(true);
    await stack.stop();
    await expect(stack.stopped).resolves.toEqual({ kind: "requested" });
    expect(await isListening(gateway.hostname, Number(gateway.port))).toBe(false);
    expect(await isListening(database.hostname, Number(database.port))).toBe(false);
    expect(await isListening(nats.hostname, Number(nats.port))).toBe(false);
    expect(logs.some((line) => line.includes("[launcher] stopped"))).toBe(true);
  });
});
