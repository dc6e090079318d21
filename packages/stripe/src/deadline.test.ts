import { describe, expect, it } from "vitest";
import { STRIPE_TIMEOUT_MS } from "./client";
import { stripeDeadlineOptions } from "./deadline";

describe("stripeDeadlineOptions", () => {
  it("leaves the client's defaults when the caller set no deadline", () => {
    expect(stripeDeadlineOptions(undefined, 0)).toEqual({});
  });

  it("fits two attempts and the SDK's pause before a gateway's 5 s deadline", () => {
    const options = stripeDeadlineOptions(5_000, 0);
    expect(options).toEqual({ maxNetworkRetries: 1, timeout: 2_100 });
    // attempt + pause + attempt + margin to answer
    expect(2 * (options.timeout ?? 0) + 500 + 300).toBeLessThanOrEqual(5_000);
  });

  it("gives a short budget one attempt with what is left", () => {
    expect(stripeDeadlineOptions(2_000, 0)).toEqual({ maxNetworkRetries: 0, timeout: 1_700 });
    expect(stripeDeadlineOptions(100, 0)).toEqual({ maxNetworkRetries: 0, timeout: 1 });
  });

  it("never waits longer per attempt than the client's own timeout", () => {
    expect(stripeDeadlineOptions(60_000, 0).timeout).toBe(STRIPE_TIMEOUT_MS);
  });
});
