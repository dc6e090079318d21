import { type AccessTokenVerifier, createAccessTokenVerifier, generateApiKey, localJwks } from "@mp/auth";
import { AppError } from "@mp/errors";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { SettlementsClient } from "../clients";
import { memoryRateLimitStore } from "../infra/rate-limit.store";
import {
  buildTestApp,
  createTestKeys,
  expectProblem,
  fakeCatalogue,
  fakeClients,
  fakeUpstream,
  memoryApiKeys,
  ORG_A,
  ORG_B,
  TEST_AUDIENCE,
  TEST_ISSUER,
  type TestKeys,
} from "../testing/test-kit";
import type { ZodApp } from "../zod-app";

const emptyPage = () => ({ items: [], page: 1, pageSize: 20, totalCount: 0, totalPages: 0 });
const url = "/marketplace/instances";
const webhook = "/marketplace/webhooks/stripe";
const event = { id: "evt_1", type: "checkout.session.completed" };

let keys: TestKeys;
let apps: ZodApp[] = [];

/** The real verifier, counting how often authentication reaches it. */
async function countingVerifier(): Promise<{ verifier: AccessTokenVerifier; calls: () => number }> {
  const real = createAccessTokenVerifier({
    issuer: TEST_ISSUER,
    audience: TEST_AUDIENCE,
    keys: await localJwks(keys.jwksPath),
  });
  let calls = 0;
  return {
    verifier: {
      verify: (token) => {
        calls += 1;
        return real.verify(token);
      },
    },
    calls: () => calls,
  };
}

/** An in-memory key store counting lookups by digest. */
function countingApiKeys() {
  const store = memoryApiKeys();
  let lookups = 0;
  return {
    apiKeys: {
      ...store,
      findByHash: (hash: Buffer) => {
        lookups += 1;
        return store.findByHash(hash);
      },
    },
    lookups: () => lookups,
  };
}

async function app(env: Record<string, string>, extra: Parameters<typeof buildTestApp>[0] | object = {}) {
  const built = await buildTestApp({
    keys,
    catalogue: fakeCatalogue(emptyPage).client,
    env,
    ...extra,
  });
  apps.push(built);
  return built;
}

beforeAll(async () => {
  keys = await createTestKeys();
});
afterEach(async () => {
  await Promise.all(apps.map((a) => a.close()));
  apps = [];
});

describe("rate limit per organisation", () => {
  it("answers 429 with Retry-After once an organisation's budget is spent, and only for that organisation", async () => {
    const gateway = await app({ RATE_LIMIT_PER_MINUTE: "3" });
    const orgA = { authorization: `Bearer ${await keys.token(["developer"])}` };
    for (let n = 0; n < 3; n++) {
      const ok = await gateway.inject({ url, headers: orgA });
      expect(ok.statusCode).toBe(200);
      expect(ok.headers["x-ratelimit-remaining"]).toBe(String(2 - n));
    }
    const limited = await gateway.inject({ url, headers: orgA });
    expectProblem(limited, 429, "rate-limited");
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);

    // Another token of the same organisation shares the budget; another organisation does not.
    const sameOrg = { authorization: `Bearer ${await keys.token(["admin"])}` };
    expectProblem(await gateway.inject({ url, headers: sameOrg }), 429, "rate-limited");
    const orgB = { authorization: `Bearer ${await keys.token(["developer"], { org: ORG_B })}` };
    expect((await gateway.inject({ url, headers: orgB })).statusCode).toBe(200);
  });

  it("never limits health checks or the API document", async () => {
    const gateway = await app({ RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: "2" });
    for (let n = 0; n < 5; n++) {
      expect((await gateway.inject({ url: "/healthz" })).statusCode).toBe(200);
      expect((await gateway.inject({ url: "/openapi.json" })).statusCode).toBe(200);
    }
  });
});

describe("rate limit per client address, before authentication", () => {
  it("stops a flood of bad tokens and keys before the verifier or the key store is asked", async () => {
    const tokens = await countingVerifier();
    const keyStore = countingApiKeys();
    const gateway = await app(
      { RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: "5" },
      { tokens: tokens.verifier, apiKeys: keyStore.apiKeys },
    );
    const statuses: number[] = [];
    for (let n = 0; n < 20; n++) {
      const headers =
        n % 2 === 0
          ? { authorization: `Bearer ${await keys.token(["admin"], { foreign: true })}` }
          : { "x-api-key": generateApiKey("test").key };
      statuses.push((await gateway.inject({ url, headers })).statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(new Set(statuses.slice(5))).toEqual(new Set([429]));
    expect(tokens.calls() + keyStore.lookups()).toBe(5);
    const limited = await gateway.inject({ url });
    expectProblem(limited, 429, "rate-limited");
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("does not charge valid callers to their address, so a shared address keeps working", async () => {
    const gateway = await app({ RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: "2" });
    const valid = { authorization: `Bearer ${await keys.token(["developer"])}` };
    for (let n = 0; n < 6; n++) expect((await gateway.inject({ url, headers: valid })).statusCode).toBe(200);
    expectProblem(await gateway.inject({ url }), 401, "unauthenticated");
    expectProblem(await gateway.inject({ url }), 401, "unauthenticated");
    expectProblem(await gateway.inject({ url }), 429, "rate-limited");
    // Another address is unaffected.
    const elsewhere = await gateway.inject({ url, remoteAddress: "203.0.113.9" });
    expectProblem(elsewhere, 401, "unauthenticated");
  });

  it("charges a token verified a moment ago to its organisation only, without touching its address", async () => {
    const memory = memoryRateLimitStore();
    const calls: string[] = [];
    const rateLimitStore = {
      ...memory,
      hit: (key: string, windowMs: number) => {
        calls.push(`hit ${key.split(":")[0]}`);
        return memory.hit(key, windowMs);
      },
      release: (key: string) => {
        calls.push(`release ${key.split(":")[0]}`);
        return memory.release(key);
      },
    };
    const gateway = await app({ RATE_LIMIT_PER_MINUTE: "3" }, { rateLimitStore });
    const valid = { authorization: `Bearer ${await keys.token(["admin"])}` };
    // First sight of the token: verified, so charged to the address, refunded, charged to the organisation.
    expect((await gateway.inject({ url, headers: valid })).statusCode).toBe(200);
    expect(calls.splice(0)).toEqual(["hit address", "release address", "hit organisation"]);
    // Known since: its organisation only, and its budget still holds.
    const second = await gateway.inject({ url, headers: valid });
    expect(second.statusCode).toBe(200);
    expect(second.headers["x-ratelimit-remaining"]).toBe("1");
    expect(calls.splice(0)).toEqual(["hit organisation"]);
    expect((await gateway.inject({ url, headers: valid })).statusCode).toBe(200);
    expectProblem(await gateway.inject({ url, headers: valid }), 429, "rate-limited");
    // A known token on an unknown route is counted as before: the address's, as any 404.
    calls.splice(0);
    expectProblem(await gateway.inject({ url: "/nowhere", headers: valid }), 404, "not-found");
    expect(calls).toEqual(["hit address"]);
  });

  it("counts requests for unknown routes too", async () => {
    const gateway = await app({ RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: "1" });
    expectProblem(await gateway.inject({ url: "/nowhere" }), 404, "not-found");
    expectProblem(await gateway.inject({ url: "/nowhere" }), 429, "rate-limited");
  });

  it("takes the client address from X-Forwarded-For only from a trusted proxy", async () => {
    const spoofable = await app({ RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: "1" });
    expectProblem(
      await spoofable.inject({ url, headers: { "x-forwarded-for": "198.51.100.1" } }),
      401,
      "unauthenticated",
    );
    // Without TRUST_PROXY a client cannot escape its budget by naming another address.
    expectProblem(
      await spoofable.inject({ url, headers: { "x-forwarded-for": "198.51.100.2" } }),
      429,
      "rate-limited",
    );

    const behindIngress = await app({
      RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: "1",
      TRUST_PROXY: "127.0.0.1/32",
    });
    const from = (client: string) => behindIngress.inject({ url, headers: { "x-forwarded-for": client } });
    expectProblem(await from("198.51.100.1"), 401, "unauthenticated");
    expectProblem(await from("198.51.100.1"), 429, "rate-limited");
    expectProblem(await from("198.51.100.2"), 401, "unauthenticated");
    // From an address that is not the ingress, the header is ignored again.
    const direct = (client: string) =>
      behindIngress.inject({ url, remoteAddress: "203.0.113.5", headers: { "x-forwarded-for": client } });
    expectProblem(await direct("198.51.100.3"), 401, "unauthenticated");
    expectProblem(await direct("198.51.100.4"), 429, "rate-limited");
  });
});

describe("one address's failures and another address's valid credentials", () => {
  // 500 requests through the whole app: over vitest's 5 s default at CI's load averages of 10 and more.
  it("leave address B at 200 after address A sent 500 bad keys through the trusted proxy", async () => {
    const keyStore = memoryApiKeys();
    const gateway = await app(
      { RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: "120", TRUST_PROXY: "127.0.0.1/32" },
      { apiKeys: keyStore },
    );
    const valid = generateApiKey("test");
    await keyStore.create({
      id: "0193a1b2-0000-7000-8000-0000000000c1",
      organisationId: ORG_A,
      name: "B's key",
      roles: ["developer"],
      keyHash: valid.hash,
      prefix: valid.prefix,
      createdBy: "user-1",
      expiresAt: null,
    });
    const from = (client: string, key: string) =>
      gateway.inject({ url, headers: { "x-forwarded-for": client, "x-api-key": key } });
    const statuses = new Map<number, number>();
    for (let n = 0; n < 500; n++) {
      const { statusCode } = await from("198.51.100.1", generateApiKey("test").key);
      statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
    }
    expect(Object.fromEntries(statuses)).toEqual({ 401: 120, 429: 380 });
    for (let n = 0; n < 3; n++) expect((await from("198.51.100.2", valid.key)).statusCode).toBe(200);
    // B's failures are counted apart from A's: B still has its own budget for them.
    expectProblem(await from("198.51.100.2", generateApiKey("test").key), 401, "unauthenticated");
  }, 60_000);
});

describe("a hop count as TRUST_PROXY", () => {
  it("takes the address the nearest trusted hop saw, whatever the client wrote before it", async () => {
    const gateway = await app({ RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: "1", TRUST_PROXY: "1" });
    const via = (forwarded: string) => gateway.inject({ url, headers: { "x-forwarded-for": forwarded } });
    expectProblem(await via("198.51.100.1, 192.0.2.10"), 401, "unauthenticated");
    // A different spoofed first entry does not make a new client: the ingress saw 192.0.2.10 both times.
    expectProblem(await via("198.51.100.2, 192.0.2.10"), 429, "rate-limited");
    expectProblem(await via("198.51.100.1, 192.0.2.11"), 401, "unauthenticated");
  });
});

describe("the payment notifications' own budget", () => {
  it("is not drained by API traffic, and does not drain the API's budgets", async () => {
    const gateway = await app({
      RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: "2",
      RATE_LIMIT_WEBHOOK_PER_MINUTE: "3",
    });
    for (let n = 0; n < 4; n++) await gateway.inject({ url });
    expectProblem(await gateway.inject({ url }), 429, "rate-limited");
    // The address's API budget is spent; notifications from the same address still get through.
    for (let n = 0; n < 3; n++) {
      expectProblem(
        await gateway.inject({ method: "POST", url: webhook, payload: event }),
        501,
        "not-implemented",
      );
    }
    expectProblem(
      await gateway.inject({ method: "POST", url: webhook, payload: event }),
      429,
      "rate-limited",
    );
    expectProblem(
      await gateway.inject({ method: "POST", url: "/marketplace/webhooks/payments", payload: event }),
      429,
      "rate-limited",
    );

    // And the reverse: a spent notification budget leaves a fresh address's API budget whole.
    const other = { remoteAddress: "203.0.113.7" };
    for (let n = 0; n < 4; n++)
      await gateway.inject({ method: "POST", url: webhook, payload: event, ...other });
    const valid = { authorization: `Bearer ${await keys.token(["developer"])}` };
    expectProblem(await gateway.inject({ url, ...other }), 401, "unauthenticated");
    expect((await gateway.inject({ url, headers: valid, ...other })).statusCode).toBe(200);
    expectProblem(await gateway.inject({ url, ...other }), 401, "unauthenticated");
    expectProblem(await gateway.inject({ url, ...other }), 429, "rate-limited");
  });
});

describe("payment notifications that fail verification", () => {
  /** Settlements as the gateway sees it: only the signature "good" verifies. */
  const settlements = fakeUpstream<SettlementsClient>((method, request) => {
    if (method === "receivePaymentEvents")
      return {
        results: (request.events as { signature: string }[]).map((e) =>
          e.signature === "good"
            ? { accepted: true, eventId: "evt_1", stored: true, errorCode: "" }
            : { accepted: false, eventId: "", stored: false, errorCode: "invalid-signature" },
        ),
      };
    if (request.signature !== "good")
      throw new AppError("invalid-signature", "The signature does not verify.");
    return { eventId: "evt_1", stored: true };
  });
  const notify = (gateway: ZodApp, signature: string | undefined, remoteAddress = "127.0.0.1") =>
    gateway.inject({
      method: "POST",
      url: webhook,
      remoteAddress,
      headers: {
        "content-type": "application/json",
        ...(signature ? { "stripe-signature": signature } : {}),
      },
      payload: JSON.stringify(event),
    });

  it("do not count against the intake of verified ones, but against the sender's own budget", async () => {
    const gateway = await app(
      { RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: "5", RATE_LIMIT_WEBHOOK_PER_MINUTE: "3" },
      { clients: fakeClients(fakeCatalogue(emptyPage).client, {}, { settlements: settlements.client }) },
    );
    // Forged and unsigned notifications from the honest sender's own address leave its budget whole...
    for (const signature of ["forged", undefined, "forged"])
      expectProblem(await notify(gateway, signature), 400, "invalid-signature");
    for (let n = 0; n < 3; n++) expect((await notify(gateway, "good")).statusCode).toBe(204);
    // ...which then counts verified notifications only.
    expectProblem(await notify(gateway, "good"), 429, "rate-limited");

    // A forger elsewhere spends its own refused-notification budget, then is refused before settlements.
    const forger = "203.0.113.66";
    for (let n = 0; n < 5; n++)
      expectProblem(await notify(gateway, "forged", forger), 400, "invalid-signature");
    const calls = settlements.calls.length;
    const refused = expectProblem(await notify(gateway, "forged", forger), 429, "rate-limited");
    expect(refused.detail).toMatch(/failed verification/);
    expect(settlements.calls.length).toBe(calls);
    // Its API budget is its own: not spent by its forgeries.
    expectProblem(await gateway.inject({ url, remoteAddress: forger }), 401, "unauthenticated");
    // And honest notifications from another address keep their whole budget.
    for (let n = 0; n < 3; n++) expect((await notify(gateway, "good", "203.0.113.67")).statusCode).toBe(204);
  });
});

describe("memory counters", () => {
  it("count per key within a window, start over after it, and take back released counts", async () => {
    let now = 1_000;
    const store = memoryRateLimitStore(() => now);
    expect(await store.hit("a", 60_000)).toEqual({ count: 1, resetMs: 60_000 });
    now += 10_000;
    expect(await store.hit("a", 60_000)).toEqual({ count: 2, resetMs: 50_000 });
    expect((await store.hit("b", 60_000)).count).toBe(1);
    await store.release("a");
    expect((await store.hit("a", 60_000)).count).toBe(2);
    now += 50_000;
    expect(await store.hit("a", 60_000)).toEqual({ count: 1, resetMs: 60_000 });
    await store.release("a");
    await store.release("a");
    expect((await store.hit("a", 60_000)).count).toBe(1);
  });
});

describe("memory counters, bounded", () => {
  it("hold at most maxKeys keys, dropping the least recently counted, and peek without counting", async () => {
    let now = 1_000;
    const store = memoryRateLimitStore(() => now, 3);
    for (const key of ["a", "b", "c", "a"]) await store.hit(key, 60_000);
    now += 10_000;
    expect(await store.peek("a", 60_000)).toEqual({ count: 2, resetMs: 50_000 });
    expect(await store.peek("a", 60_000)).toEqual({ count: 2, resetMs: 50_000 });
    expect(await store.peek("nobody", 60_000)).toEqual({ count: 0, resetMs: 60_000 });
    // A fourth key makes room by dropping "b", the least recently counted; "a" and "c" keep counting.
    await store.hit("d", 60_000);
    expect((await store.hit("b", 60_000)).count).toBe(1);
    expect((await store.hit("a", 60_000)).count).toBe(3);
    now += 50_000;
    expect((await store.peek("a", 60_000)).count).toBe(0);
  });
});

/** CPU milliseconds this thread has used since `since`. */
function cpuMsSince(since: NodeJS.CpuUsage): number {
  const used = process.threadCpuUsage(since);
  return (used.user + used.system) / 1_000;
}

describe("many client addresses", () => {
  it("counts 100,000 distinct addresses without stalling the event loop", async () => {
    const store = memoryRateLimitStore();
    const started = process.threadCpuUsage();
    let turns = 0;
    let longestTurnMs = 0;
    // As requests arrive: a thousand new addresses per turn of the event loop, each counted as the
    // address limit counts it, all within one window. A store that walks its keys per new address
    // takes most of a second per turn here; the loop stops after 3 s of this thread's CPU so such a store
    // fails, not hangs (CPU, not wall time: CI's scheduler can hold the thread back for seconds).
    for (; turns < 100 && cpuMsSince(started) < 3_000; turns++) {
      await new Promise((resolve) => setImmediate(resolve));
      const cpu = process.threadCpuUsage();
      for (let n = 0; n < 1_000; n++) await store.hit(`address:10.${turns}.${n >> 8}.${n & 255}`, 60_000);
      const used = process.threadCpuUsage(cpu);
      longestTurnMs = Math.max(longestTurnMs, (used.user + used.system) / 1_000);
    }
    expect(turns).toBe(100);
    // A turn holds the event loop for its own work: this thread's CPU time, garbage collection included.
    // The loop's wall-clock delay is not asserted: it also holds whatever the scheduler of a busy shared
    // machine adds (its median measured 66 ms in a CI run with one core kept busy, its maximum 200 to 600
    // ms at a load average of 17), which says nothing about the store.
    expect(longestTurnMs).toBeLessThan(50);
    expect((await store.hit("address:10.99.3.231", 60_000)).count).toBe(2);
  });
});
