import { testLogger } from "@mp/logger";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { BOARD_ID, platformBoard } from "../../testing/fixtures";
import { json, startHttpStub } from "../../testing/http-stub";
import { InfuseClient } from "./infuse.client";
import { PlatformThrottle, type TokenBucket } from "./platform-throttle";

/**
 * The transport with a throttle: every request takes a token first, a 429 pauses the replica for its
 * Retry-After (and drains the shared bucket) and the call is sent again, reads and writes alike.
 */
let stub: Awaited<ReturnType<typeof startHttpStub>>;
const arrivals: number[] = [];
beforeAll(async () => {
  stub = await startHttpStub((_req, res) => json(res, 500, {}));
});
afterAll(() => stub.stop());
beforeEach(() => {
  stub.requests.length = 0;
  arrivals.length = 0;
});

function setup() {
  const taken = { tokens: 0, drains: [] as number[], throttled: 0 };
  const bucket: TokenBucket = {
    take: async () => {
      taken.tokens++;
      return 0;
    },
    drain: async (ms) => {
      taken.drains.push(ms);
    },
  };
  const throttle = new PlatformThrottle(bucket, {
    maxWaitMs: 5_000,
    logger: testLogger("throttle"),
    metrics: { throttled: () => taken.throttled++, gaveUp: () => {}, waited: () => {} },
  });
  const client = new InfuseClient({
    baseUrl: stub.url,
    apiKey: "ik_test_key",
    logger: testLogger("infuse"),
    timeoutMs: 2_000,
    retry: { attempts: 3, baseDelayMs: 1, maxDelayMs: 2 },
    breaker: { failureThreshold: 2, resetAfterMs: 60_000 },
    throttle,
  });
  return { client, taken };
}

const update = {
  id: "u-1",
  releaseId: "rel-1",
  status: "pending",
  attemptCount: 1,
  createdAt: "2026-11-28T12:00:00.000Z",
  updatedAt: "2026-11-28T12:00:00.000Z",
};

describe("throttled transport", () => {
  it("takes a token for every request, retries included", async () => {
    const { client, taken } = setup();
    let n = 0;
    stub.handle((_req, res) => (++n === 1 ? json(res, 503, {}) : json(res, 200, platformBoard())));
    await client.getBoard(BOARD_ID);
    expect(stub.requests).toHaveLength(2);
    expect(taken.tokens).toBe(2);
  });

  it("spends no token on a call the open breaker refuses", async () => {
    const { client, taken } = setup();
    stub.handle((_req, res) => json(res, 503, { code: 503, message: "down" }));
    await expect(client.getBoard(BOARD_ID)).rejects.toMatchObject({ code: "upstream-unavailable" });
    expect(client.breakerState()).toBe("open");
    const spent = taken.tokens;
    expect(spent).toBe(stub.requests.length);
    await expect(client.getBoard(BOARD_ID)).rejects.toMatchObject({
      message: expect.stringMatching(/circuit open/),
    });
    expect(taken.tokens).toBe(spent);
  });

  it("on 429 waits the Retry-After (seconds) before the retry, drains the bucket and counts it", async () => {
    const { client, taken } = setup();
    stub.handle((_req, res) => {
      arrivals.push(Date.now());
      if (arrivals.length === 1) {
        res.writeHead(429, { "retry-after": "1", "content-type": "application/json" });
        res.end(JSON.stringify({ code: 429, message: "slow down" }));
        return;
      }
      json(res, 200, platformBoard());
    });
    await expect(client.getBoard(BOARD_ID)).resolves.toMatchObject({ id: BOARD_ID });
    expect(arrivals).toHaveLength(2);
    expect(arrivals[1]! - arrivals[0]!).toBeGreaterThanOrEqual(990);
    expect(taken.drains).toEqual([1_000]);
    expect(taken.throttled).toBe(1);
  });

  it("honours an HTTP-date Retry-After, and 429s never open the breaker", async () => {
    const { client } = setup();
    stub.handle((_req, res) => {
      arrivals.push(Date.now());
      if (arrivals.length <= 2) {
        // One second ahead, to the second as HTTP dates are: a pause of up to a second.
        res.writeHead(429, { "retry-after": new Date(Date.now() + 1_000).toUTCString() });
        res.end();
        return;
      }
      json(res, 200, platformBoard());
    });
    await expect(client.getBoard(BOARD_ID)).resolves.toMatchObject({ id: BOARD_ID });
    expect(arrivals).toHaveLength(3);
    // Two 429s in a row with a threshold of 2 would have opened the breaker had they counted.
    expect(client.breakerState()).toBe("closed");
    expect(arrivals[2]! - arrivals[0]!).toBeGreaterThan(0);
  });

  it("sends a write again after a 429 (the platform did not process it), once the pause is over", async () => {
    const { client } = setup();
    stub.handle((_req, res) => {
      arrivals.push(Date.now());
      if (arrivals.length === 1) {
        res.writeHead(429, { "retry-after": "1" });
        res.end();
        return;
      }
      json(res, 201, update);
    });
    const queued = await client.queueApplicationUpdate("0011223344556677", "rel-1");
    expect(queued.kind).toBe("queued");
    expect(stub.requests.map((r) => r.method)).toEqual(["POST", "POST"]);
    expect(arrivals[1]! - arrivals[0]!).toBeGreaterThanOrEqual(990);
  });

  it("gives a write up after three 429s as upstream-unavailable with the platform's Retry-After", async () => {
    const { client } = setup();
    stub.handle((_req, res) => {
      res.writeHead(429, { "retry-after": "0" });
      res.end();
    });
    await expect(client.queueApplicationUpdate("0011223344556677", "rel-1")).rejects.toMatchObject({
      code: "upstream-unavailable",
      retryAfterSeconds: 1,
    });
    expect(stub.requests).toHaveLength(3);
  });
});
