import { testLogger } from "@mp/logger";
import { describe, expect, it } from "vitest";
import { PlatformBusyError } from "./infuse.errors";
import { PlatformThrottle, type ThrottleMetrics, type TokenBucket } from "./platform-throttle";

/** A bucket of `perWindow` tokens per `windowMs`, in memory, recording takes and drains. */
function fakeBucket(perWindow: number, windowMs: number) {
  let windowStart = Date.now();
  let used = 0;
  let drainedUntil = 0;
  const drains: number[] = [];
  const bucket: TokenBucket = {
    async take() {
      const now = Date.now();
      if (now < drainedUntil) return drainedUntil - now;
      if (now - windowStart >= windowMs) {
        windowStart = now;
        used = 0;
      }
      if (used < perWindow) {
        used++;
        return 0;
      }
      return windowStart + windowMs - now;
    },
    async drain(ms) {
      drains.push(ms);
      drainedUntil = Date.now() + ms;
    },
  };
  return { bucket, drains };
}

function counting(): ThrottleMetrics & { counts: { throttled: number; gaveUp: number; waits: number[] } } {
  const counts = { throttled: 0, gaveUp: 0, waits: [] as number[] };
  return {
    counts,
    throttled: () => counts.throttled++,
    gaveUp: () => counts.gaveUp++,
    waited: (ms) => counts.waits.push(ms),
  };
}

const logger = testLogger("throttle");

describe("the platform throttle", () => {
  it("grants while the bucket has tokens, then waits for the next window", async () => {
    // The window opens when the bucket is made, so the wait is measured from there.
    // A window of 1 s: the first three fit in it even when a loaded machine holds this thread back for
    // most of a second (a bound of a few milliseconds would say the same, and fail under load).
    const started = Date.now();
    const { bucket } = fakeBucket(3, 1_000);
    const metrics = counting();
    const throttle = new PlatformThrottle(bucket, { maxWaitMs: 2_000, logger, metrics });
    for (let i = 0; i < 3; i++) await throttle.acquire();
    const firstThreeMs = Date.now() - started;
    expect(firstThreeMs).toBeLessThan(750);
    await throttle.acquire();
    expect(Date.now() - started).toBeGreaterThanOrEqual(990);
    expect(metrics.counts.waits).toHaveLength(4);
    // The fourth waited for the rest of the window, however long the first three took.
    expect(metrics.counts.waits[3]).toBeGreaterThanOrEqual(990 - firstThreeMs);
  });

  it("gives up past its bound with a Retry-After, sending nothing", async () => {
    const { bucket } = fakeBucket(1, 5_000);
    const metrics = counting();
    const throttle = new PlatformThrottle(bucket, { maxWaitMs: 2_000, logger, metrics });
    await throttle.acquire();
    const started = Date.now();
    const refused = await throttle.acquire().catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(PlatformBusyError);
    expect(refused).toMatchObject({ code: "upstream-unavailable", retryAfterSeconds: 5 });
    // It saw at once that the wait would pass the bound, instead of waiting the 2 s out first (the 1 s
    // margin is for a loaded machine holding this thread back).
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(metrics.counts.gaveUp).toBe(1);
  });

  it("after a 429 holds every call of the replica for the Retry-After and drains the shared bucket", async () => {
    const { bucket, drains } = fakeBucket(100, 1_000);
    const metrics = counting();
    const throttle = new PlatformThrottle(bucket, { maxWaitMs: 2_000, logger, metrics });
    // The pause runs from the 429, so the wait is measured from there too.
    const started = Date.now();
    throttle.backOff(300);
    expect(throttle.pausedForMs()).toBeGreaterThan(250);
    expect(drains).toEqual([300]);
    expect(metrics.counts.throttled).toBe(1);
    await Promise.all([throttle.acquire(), throttle.acquire()]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(295);
  });

  it("a token that arrives after a 429 started a pause waits for the pause too", async () => {
    const { bucket } = fakeBucket(100, 1_000);
    // The shared bucket answers slowly (a round trip, or the library spreading a window's tokens).
    const slow: TokenBucket = {
      take: async () => {
        await new Promise((resolve) => setTimeout(resolve, 50));
        return bucket.take();
      },
      drain: bucket.drain,
    };
    const throttle = new PlatformThrottle(slow, { maxWaitMs: 2_000, logger });
    const started = Date.now();
    const granted = throttle.acquire();
    setTimeout(() => throttle.backOff(300), 10);
    await granted;
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
  });

  it("refuses at once when the pause is longer than the bound", async () => {
    const { bucket } = fakeBucket(100, 1_000);
    const throttle = new PlatformThrottle(bucket, { maxWaitMs: 100, logger });
    throttle.backOff(3_000);
    await expect(throttle.acquire()).rejects.toMatchObject({ retryAfterSeconds: 3 });
  });

  it("stops waiting when the caller goes away", async () => {
    const { bucket } = fakeBucket(1, 5_000);
    const throttle = new PlatformThrottle(bucket, { maxWaitMs: 10_000, logger });
    await throttle.acquire();
    const controller = new AbortController();
    const reason = new Error("call cancelled");
    setTimeout(() => controller.abort(reason), 50);
    // A handled refusal with a Retry-After (the handler answers unavailable), not the abort's own error.
    const started = Date.now();
    await expect(throttle.acquire(controller.signal)).rejects.toBeInstanceOf(PlatformBusyError);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it("serves waiting callers in arrival order, a few asking the bucket at once", async () => {
    const { bucket } = fakeBucket(1, 40);
    let asking = 0;
    let most = 0;
    const counted: TokenBucket = {
      take: async () => {
        most = Math.max(most, ++asking);
        await new Promise((resolve) => setTimeout(resolve, 2));
        asking--;
        return bucket.take();
      },
      drain: bucket.drain,
    };
    const throttle = new PlatformThrottle(counted, { maxWaitMs: 5_000, logger, askers: 1 });
    const order: number[] = [];
    await Promise.all(Array.from({ length: 8 }, (_, i) => throttle.acquire().then(() => order.push(i))));
    expect(order).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(most).toBe(1);
  });

  it("a caller waiting for its turn past the bound is refused, and the queue moves on", async () => {
    const { bucket } = fakeBucket(1, 300);
    const throttle = new PlatformThrottle(bucket, { maxWaitMs: 100, logger, askers: 1 });
    await throttle.acquire();
    const outcomes = await Promise.allSettled([throttle.acquire(), throttle.acquire()]);
    expect(outcomes.map((o) => o.status)).toEqual(["rejected", "rejected"]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await throttle.acquire();
  });
});
