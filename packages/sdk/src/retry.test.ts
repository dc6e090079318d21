import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { createMarketplaceClient } from "./client";
import { ONCE_PER_REQUEST_ID, parseRetryAfter } from "./retry";
import { problem, sendJson, startStub } from "./stub-server.test-support";

let stub: Awaited<ReturnType<typeof startStub>> | undefined;
afterEach(async () => {
  await stub?.close();
  stub = undefined;
});

const instance = { id: "0193a5d0-0000-7000-8000-000000000001", name: "One" };

/** A stub answering `failures` times with `status` (and `retryAfter`), then 200. */
async function flaky(failures: number, status: number, retryAfter?: string) {
  let calls = 0;
  stub = await startStub((_request, res) => {
    calls++;
    if (calls <= failures) {
      const headers: Record<string, string> = retryAfter === undefined ? {} : { "retry-after": retryAfter };
      sendJson(
        res,
        status,
        problem(status, status === 429 ? "rate-limited" : "upstream-unavailable", "x"),
        headers,
      );
    } else sendJson(res, 200, instance);
  });
  return stub;
}

function client(url: string, waits: number[], retry: { maxAttempts?: number; maxTotalWaitMs?: number } = {}) {
  return createMarketplaceClient({
    baseUrl: url,
    token: "t",
    retry: { ...retry, sleep: async (ms) => void waits.push(ms) },
  });
}

const getInstance = (c: ReturnType<typeof client>) =>
  c.GET("/marketplace/instances/{id}", { params: { path: { id: instance.id } } });

describe("retries of 429 and 503", () => {
  it("waits as Retry-After says, then succeeds", async () => {
    const { url, requests } = await flaky(2, 429, "2");
    const waits: number[] = [];
    const { data, response } = await getInstance(client(url, waits));
    expect(response.status).toBe(200);
    expect(data).toEqual(instance);
    expect(requests).toHaveLength(3);
    expect(waits).toEqual([2000, 2000]);
  });

  it("honours a real one-second Retry-After on a 503", async () => {
    const { url, requests } = await flaky(1, 503, "1");
    const started = Date.now();
    const { response } = await getInstance(createMarketplaceClient({ baseUrl: url }));
    expect(response.status).toBe(200);
    expect(requests).toHaveLength(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it("stops after maxAttempts and returns the last problem", async () => {
    const { url, requests } = await flaky(10, 503, "0");
    const waits: number[] = [];
    const { error, response } = await getInstance(client(url, waits, { maxAttempts: 4 }));
    expect(response.status).toBe(503);
    expect(error).toMatchObject({ code: "upstream-unavailable" });
    expect(requests).toHaveLength(4);
    expect(waits).toEqual([0, 0, 0]);
  });

  it("does not wait beyond the total budget", async () => {
    const { url, requests } = await flaky(10, 429, "20");
    const waits: number[] = [];
    const { response } = await getInstance(client(url, waits, { maxAttempts: 5, maxTotalWaitMs: 45_000 }));
    expect(response.status).toBe(429);
    expect(waits).toEqual([20_000, 20_000]);
    expect(requests).toHaveLength(3);
  });

  it("backs off exponentially when no Retry-After is given", async () => {
    const { url } = await flaky(2, 503);
    const waits: number[] = [];
    await getInstance(client(url, waits));
    expect(waits).toEqual([500, 1000]);
  });

  it("never repeats a POST without an idempotency key", async () => {
    const { url, requests } = await flaky(1, 503, "0");
    const { response } = await client(url, []).POST("/marketplace/instances/{instanceId}/offerings", {
      params: { path: { instanceId: instance.id } },
      body: { marketplaceItemId: instance.id },
    });
    expect(response.status).toBe(503);
    expect(requests).toHaveLength(1);
  });

  it("repeats an instance creation under one X-Request-Id it made for it", async () => {
    const { url, requests } = await flaky(1, 503, "0");
    const body = { name: "Two", defaultCurrency: "EUR" as const, platformFeeBps: 100 };
    const { response } = await client(url, []).POST("/marketplace/instances", { body });
    expect(response.status).toBe(200);
    expect(requests).toHaveLength(2);
    const [first, second] = requests.map((r) => r.headers["x-request-id"]);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).toBe(first);
  });

  it("repeats a rollout creation under the caller's own X-Request-Id", async () => {
    const { url, requests } = await flaky(1, 429, "0");
    await client(url, []).POST("/marketplace/providers/rollouts", {
      body: { marketplaceItemId: instance.id, version: "1.0.0", deviceIds: ["0123456789abcdef"] },
      headers: { "x-request-id": "mine-1" },
    });
    expect(requests.map((r) => r.headers["x-request-id"])).toEqual(["mine-1", "mine-1"]);
  });

  it("repeats a listing creation (an id in its path) under one X-Request-Id", async () => {
    const created = await flaky(1, 503, "0");
    await client(created.url, []).POST("/marketplace/providers/listings/{marketplaceItemId}", {
      params: { path: { marketplaceItemId: instance.id } },
      body: { marketplaceInstanceId: instance.id, price: { amount: 1500, currency: "EUR" } },
    });
    const ids = created.requests.map((r) => r.headers["x-request-id"]);
    expect(ids).toHaveLength(2);
    expect(ids[1]).toBe(ids[0]);
  });

  it("repeats a webhook secret's rotation under one X-Request-Id", async () => {
    const { url, requests } = await flaky(1, 503, "0");
    await client(url, []).POST("/marketplace/webhook-endpoints/{id}/rotate-secret", {
      params: { path: { id: instance.id } },
    });
    const ids = requests.map((r) => r.headers["x-request-id"]);
    expect(ids).toHaveLength(2);
    expect(ids[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[1]).toBe(ids[0]);
  });

  it("never repeats a listing's visibility POST, under the same path prefix", async () => {
    const visibility = await flaky(1, 503, "0");
    await client(visibility.url, []).POST("/marketplace/providers/listings/{id}/visibility", {
      params: { path: { id: instance.id } },
      body: { visibility: "private" },
    });
    expect(visibility.requests).toHaveLength(1);
  });

  it("repeats a POST carrying an Idempotency-Key, body intact", async () => {
    const { url, requests } = await flaky(1, 503, "0");
    const body = { name: "Two", defaultCurrency: "EUR" as const, platformFeeBps: 100 };
    const { response } = await client(url, []).POST("/marketplace/instances", {
      body,
      headers: { "idempotency-key": "k-1" },
    });
    expect(response.status).toBe(200);
    expect(requests.map((r) => JSON.parse(r.body))).toEqual([body, body]);
  });

  it("does not retry other failures", async () => {
    const { url, requests } = await flaky(1, 500, "0");
    const { response } = await getInstance(client(url, []));
    expect(response.status).toBe(500);
    expect(requests).toHaveLength(1);
  });
});

describe("ONCE_PER_REQUEST_ID", () => {
  it("is every POST the API document says is done once per request id", () => {
    const document = JSON.parse(
      readFileSync(new URL("../../../gateway/openapi.json", import.meta.url), "utf8"),
    );
    const once = Object.entries(
      document.paths as Record<string, { post?: { responses?: Record<string, unknown> } }>,
    )
      .filter(([, item]) => JSON.stringify(item.post?.responses?.["409"] ?? {}).includes("request-id-reused"))
      .map(([path]) => path);
    expect([...ONCE_PER_REQUEST_ID].sort()).toEqual(once.sort());
  });
});

describe("parseRetryAfter", () => {
  it("reads delta-seconds and HTTP dates", () => {
    const now = Date.parse("2026-01-01T00:00:00Z");
    expect(parseRetryAfter("3", now)).toBe(3000);
    expect(parseRetryAfter("Thu, 01 Jan 2026 00:00:05 GMT", now)).toBe(5000);
    expect(parseRetryAfter("Wed, 31 Dec 2025 00:00:00 GMT", now)).toBe(0);
    expect(parseRetryAfter("soon", now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });
});

describe("authentication", () => {
  it("sends a bearer token or an API key", async () => {
    stub = await startStub((_request, res) => sendJson(res, 200, instance));
    await getInstance(createMarketplaceClient({ baseUrl: stub.url, token: "jwt-1" }));
    await getInstance(createMarketplaceClient({ baseUrl: `${stub.url}/`, apiKey: "mk_test_1" }));
    expect(stub.requests[0]?.headers.authorization).toBe("Bearer jwt-1");
    expect(stub.requests[0]?.headers["x-api-key"]).toBeUndefined();
    expect(stub.requests[1]?.headers["x-api-key"]).toBe("mk_test_1");
    expect(stub.requests[1]?.headers.authorization).toBeUndefined();
    expect(stub.requests[1]?.url).toBe(`/marketplace/instances/${instance.id}`);
  });
});
