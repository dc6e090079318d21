import { randomUUID } from "node:crypto";
import { type AccessTokenVerifier, createAccessTokenVerifier, localJwks } from "@mp/auth";
import { AppError } from "@mp/errors";
import { createLogger } from "@mp/logger";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SettlementsClient } from "../clients";
import { type RateLimitStore, redisRateLimitStore } from "../infra/rate-limit.store";
import {
  buildTestApp,
  createTestKeys,
  expectProblem,
  fakeCatalogue,
  fakeClients,
  fakeUpstream,
  TEST_AUDIENCE,
  TEST_ISSUER,
  type TestKeys,
} from "../testing/test-kit";
import type { ZodApp } from "../zod-app";

/**
 * Two gateway replicas counting in one Redis (127.0.0.1:6379 unless RATE_LIMIT_REDIS_URL says otherwise),
 * each with its own store and connection, as two processes would have. Every test uses fresh key prefixes,
 * so runs never see each other's counters. The stores wait for Redis as long as CI's load needs: with the
 * production 500 ms a slow command counts in the replica's own memory (by design), and a test of sharing
 * then sees the other replica's count missing (CI at 42322cf: 401 where 429 was due).
 */
const PATIENT = { commandTimeoutMs: 30_000, connectWaitMs: 30_000 };
const REDIS_URL = process.env.RATE_LIMIT_REDIS_URL ?? "redis://127.0.0.1:6379";
const logger = createLogger({ service: "rate-limit-test", level: "silent" });
const url = "/marketplace/instances";
const webhook = "/marketplace/webhooks/stripe";
const event = { id: "evt_1", type: "checkout.session.completed" };
const emptyPage = () => ({ items: [], page: 1, pageSize: 20, totalCount: 0, totalPages: 0 });

let keys: TestKeys;
let verifyCalls = 0;
let verifier: AccessTokenVerifier;
const opened: { close(): Promise<void> }[] = [];

beforeAll(async () => {
  keys = await createTestKeys();
  const real = createAccessTokenVerifier({
    issuer: TEST_ISSUER,
    audience: TEST_AUDIENCE,
    keys: await localJwks(keys.jwksPath),
  });
  verifier = {
    verify: (token) => {
      verifyCalls += 1;
      return real.verify(token);
    },
  };
});
afterAll(async () => {
  for (const resource of opened.reverse()) await resource.close();
});

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
  if (request.signature !== "good") throw new AppError("invalid-signature", "The signature does not verify.");
  return { eventId: "evt_1", stored: true };
});

/** Two replicas sharing one Redis namespace, with the given budgets (and settlements, if given). */
async function replicas(
  env: Record<string, string>,
  settlementsClient?: SettlementsClient,
): Promise<[ZodApp, ZodApp]> {
  const prefix = `mp:test:${randomUUID()}:`;
  const build = async () => {
    const store: RateLimitStore = redisRateLimitStore(REDIS_URL, logger, { prefix, ...PATIENT });
    const app = await buildTestApp({
      keys,
      env,
      tokens: verifier,
      ...(settlementsClient
        ? { clients: fakeClients(fakeCatalogue(emptyPage).client, {}, { settlements: settlementsClient }) }
        : { catalogue: fakeCatalogue(emptyPage).client }),
      rateLimitStore: store,
    });
    opened.push(app);
    return app;
  };
  return [await build(), await build()];
}

describe("rate limits shared through Redis", () => {
  it("two replicas enforce one organisation budget together", async () => {
    const [a, b] = await replicas({ RATE_LIMIT_PER_MINUTE: "4" });
    const headers = { authorization: `Bearer ${await keys.token(["developer"])}` };
    const statuses = [];
    for (const replica of [a, b, a, b]) statuses.push((await replica.inject({ url, headers })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200]);
    expectProblem(await a.inject({ url, headers }), 429, "rate-limited");
    expectProblem(await b.inject({ url, headers }), 429, "rate-limited");
  });

  it("a flood of bad tokens from one address is refused by both before authentication runs", async () => {
    const [a, b] = await replicas({ RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: "6" });
    const before = verifyCalls;
    const statuses: number[] = [];
    for (let n = 0; n < 30; n++) {
      const token = await keys.token(["admin"], { foreign: true });
      const replica = n % 2 === 0 ? a : b;
      statuses.push(
        (await replica.inject({ url, headers: { authorization: `Bearer ${token}` } })).statusCode,
      );
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(6);
    expect(statuses.filter((s) => s === 429)).toHaveLength(24);
    expect(verifyCalls - before).toBe(6);
  });

  it("keeps payment notifications and API traffic in separate budgets", async () => {
    const [a, b] = await replicas({
      RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: "2",
      RATE_LIMIT_WEBHOOK_PER_MINUTE: "2",
    });
    // Spend the address's API budget on one replica...
    for (let n = 0; n < 3; n++) await a.inject({ url });
    expectProblem(await b.inject({ url }), 429, "rate-limited");
    // ...notifications still pass on both, until their own budget is spent on both.
    expectProblem(await a.inject({ method: "POST", url: webhook, payload: event }), 501, "not-implemented");
    expectProblem(await b.inject({ method: "POST", url: webhook, payload: event }), 501, "not-implemented");
    expectProblem(await a.inject({ method: "POST", url: webhook, payload: event }), 429, "rate-limited");

    // The reverse, from another address: spent notifications leave the API budget untouched.
    const other = { remoteAddress: "203.0.113.8" };
    for (let n = 0; n < 3; n++) await b.inject({ method: "POST", url: webhook, payload: event, ...other });
    expectProblem(await a.inject({ url, ...other }), 401, "unauthenticated");
    expectProblem(await b.inject({ url, ...other }), 401, "unauthenticated");
    expectProblem(await a.inject({ url, ...other }), 429, "rate-limited");
  });

  it("moves refused notifications to the sender's refused budget, seen by both replicas", async () => {
    const [a, b] = await replicas(
      { RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: "3", RATE_LIMIT_WEBHOOK_PER_MINUTE: "2" },
      settlements.client,
    );
    const notify = (replica: ZodApp, signature: string, remoteAddress: string) =>
      replica.inject({
        method: "POST",
        url: webhook,
        remoteAddress,
        headers: { "content-type": "application/json", "stripe-signature": signature },
        payload: JSON.stringify(event),
      });
    const honest = "203.0.113.20";
    expectProblem(await notify(a, "forged", honest), 400, "invalid-signature");
    expectProblem(await notify(b, "forged", honest), 400, "invalid-signature");
    // The two forgeries were taken back out of the notification budget: both verified ones pass.
    expect((await notify(a, "good", honest)).statusCode).toBe(204);
    expect((await notify(b, "good", honest)).statusCode).toBe(204);
    expectProblem(await notify(a, "good", honest), 429, "rate-limited");
    // A forger's refused budget is counted across the replicas; once spent, its next one is refused
    // before it reaches settlements.
    const forger = "203.0.113.21";
    for (const replica of [a, b, a])
      expectProblem(await notify(replica, "forged", forger), 400, "invalid-signature");
    const calls = settlements.calls.length;
    expectProblem(await notify(b, "forged", forger), 429, "rate-limited");
    expectProblem(await notify(a, "good", forger), 429, "rate-limited");
    expect(settlements.calls.length).toBe(calls);
  });

  it("peeks at a window in Redis without counting", async () => {
    const store = redisRateLimitStore(REDIS_URL, logger, { prefix: `mp:test:${randomUUID()}:`, ...PATIENT });
    opened.push(store);
    expect(await store.peek("k", 60_000)).toEqual({ count: 0, resetMs: 60_000 });
    await store.hit("k", 60_000);
    await store.hit("k", 60_000);
    const seen = await store.peek("k", 60_000);
    expect(seen.count).toBe(2);
    expect(seen.resetMs).toBeGreaterThan(50_000);
    expect(seen.resetMs).toBeLessThanOrEqual(60_000);
    expect((await store.peek("k", 60_000)).count).toBe(2);
  });

  it("keeps limiting in each replica's memory while Redis cannot be reached", async () => {
    const store = redisRateLimitStore("redis://127.0.0.1:1", logger, { prefix: "mp:test:down:" });
    const app = await buildTestApp({
      keys,
      env: { RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: "2" },
      rateLimitStore: store,
    });
    opened.push(app);
    expectProblem(await app.inject({ url }), 401, "unauthenticated");
    expectProblem(await app.inject({ url }), 401, "unauthenticated");
    expectProblem(await app.inject({ url }), 429, "rate-limited");
  });
});
