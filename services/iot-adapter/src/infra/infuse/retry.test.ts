import { describe, expect, it } from "vitest";
import { backoffDelay, withRetry } from "./retry";

const policy = { attempts: 4, baseDelayMs: 100, maxDelayMs: 350 };

describe("backoffDelay (full jitter)", () => {
  it("grows exponentially up to the cap, drawing from [0, ceiling)", () => {
    expect(backoffDelay(1, policy, () => 0.999)).toBe(99);
    expect(backoffDelay(2, policy, () => 0.999)).toBe(199);
    expect(backoffDelay(3, policy, () => 0.999)).toBe(349); // 400 capped at 350
    expect(backoffDelay(10, policy, () => 0.5)).toBe(175);
    expect(backoffDelay(3, policy, () => 0)).toBe(0);
  });
});

describe("withRetry", () => {
  const sleeps: number[] = [];
  const options = (retryable: (e: unknown) => boolean) => ({
    policy,
    retryable,
    random: () => 0.5,
    sleep: async (ms: number) => {
      sleeps.push(ms);
    },
  });

  it("retries retryable failures and returns the first success", async () => {
    sleeps.length = 0;
    let calls = 0;
    const result = await withRetry(
      async (attempt) => {
        calls++;
        if (attempt < 3) throw new Error("503");
        return "ok";
      },
      options(() => true),
    );
    expect(result).toBe("ok");
    expect(calls).toBe(3);
    expect(sleeps).toEqual([50, 100]);
  });

  it("gives up after the last attempt with the last error", async () => {
    let calls = 0;
    await expect(
      withRetry(
        async (attempt) => {
          calls++;
          throw new Error(`fail ${attempt}`);
        },
        options(() => true),
      ),
    ).rejects.toThrow("fail 4");
    expect(calls).toBe(4);
  });

  it("never retries a non-retryable error (a 404 is an answer)", async () => {
    let calls = 0;
    await expect(
      withRetry(
        async () => {
          calls++;
          throw new Error("404");
        },
        options(() => false),
      ),
    ).rejects.toThrow("404");
    expect(calls).toBe(1);
  });

  it("stops when the caller aborts", async () => {
    const controller = new AbortController();
    let calls = 0;
    await expect(
      withRetry(
        async () => {
          calls++;
          controller.abort();
          throw new Error("503");
        },
        { ...options(() => true), signal: controller.signal },
      ),
    ).rejects.toThrow("503");
    expect(calls).toBe(1);
  });
});
