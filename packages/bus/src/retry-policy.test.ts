import { describe, expect, it } from "vitest";
import { assertRetryOptions, relayBackoffMs, retryDecision } from "./retry-policy";

describe("retryDecision", () => {
  const backoff = [1_000, 5_000, 15_000, 60_000];

  it("retries below maxDeliver with the backoff of the delivery that failed", () => {
    expect(retryDecision(1, 5, backoff)).toEqual({ action: "retry", delayMs: 1_000 });
    expect(retryDecision(2, 5, backoff)).toEqual({ action: "retry", delayMs: 5_000 });
    expect(retryDecision(4, 5, backoff)).toEqual({ action: "retry", delayMs: 60_000 });
  });

  it("keeps using the last delay when deliveries outnumber the list", () => {
    expect(retryDecision(2, 10, [50])).toEqual({ action: "retry", delayMs: 50 });
    expect(retryDecision(8, 10, backoff)).toEqual({ action: "retry", delayMs: 60_000 });
  });

  it("dead-letters on the last allowed delivery and any beyond it", () => {
    expect(retryDecision(3, 3, [50])).toEqual({ action: "dead-letter" });
    expect(retryDecision(7, 3, [50])).toEqual({ action: "dead-letter" });
    expect(retryDecision(1, 1, [50])).toEqual({ action: "dead-letter" });
  });
});

describe("relayBackoffMs", () => {
  it("doubles from the poll interval and stays under the cap", () => {
    expect([0, 1, 2, 3, 4].map((f) => relayBackoffMs(f, 500))).toEqual([500, 500, 1_000, 2_000, 4_000]);
    expect(relayBackoffMs(5, 500)).toBe(5_000);
    expect(relayBackoffMs(1_000, 500)).toBe(5_000);
  });
});

describe("assertRetryOptions", () => {
  it("refuses options that would misbehave on the first failure", () => {
    expect(() => assertRetryOptions(0, [1])).toThrow();
    expect(() => assertRetryOptions(2.5, [1])).toThrow();
    expect(() => assertRetryOptions(3, [])).toThrow();
    expect(() => assertRetryOptions(3, [-1])).toThrow();
    expect(() => assertRetryOptions(3, [0, 10])).not.toThrow();
  });
});
