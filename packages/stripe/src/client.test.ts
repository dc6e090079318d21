import { describe, expect, it } from "vitest";
import { z } from "zod";
import { stripeApiEnv, stripeHostOptions } from "./client";

describe("the stripe client's configuration", () => {
  it("points the SDK's host, port and protocol at STRIPE_API_BASE", () => {
    expect(stripeHostOptions("http://127.0.0.1:12111")).toEqual({
      host: "127.0.0.1",
      port: 12111,
      protocol: "http",
    });
    expect(stripeHostOptions("https://stripe.internal")).toEqual({
      host: "stripe.internal",
      port: 443,
      protocol: "https",
    });
  });

  it("talks to Stripe itself when STRIPE_API_BASE is unset or empty", () => {
    const schema = z.object(stripeApiEnv);
    expect(
      schema.parse({ STRIPE_API_KEY: "sk_test_x", STRIPE_API_BASE: "" }).STRIPE_API_BASE,
    ).toBeUndefined();
    expect(stripeHostOptions(undefined)).toEqual({});
    expect(schema.safeParse({ STRIPE_API_KEY: "sk_test_x", STRIPE_API_BASE: "ftp://x" }).success).toBe(false);
  });
});
