import { once } from "node:events";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { makeStripeClient } from "@mp/stripe";
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { makeStripePayments, stripeFailure } from "./stripe-payments.client";

type RawError = ConstructorParameters<typeof Stripe.errors.StripeError>[0];
const raw = (type: string, extra: Record<string, unknown> = {}) =>
  ({ type, message: "m", ...extra }) as unknown as RawError;

describe("stripeFailure", () => {
  it("makes Stripe unreachable, rate limiting or failing a 503 with Retry-After", () => {
    for (const error of [
      new Stripe.errors.StripeConnectionError(raw("api_error")),
      new Stripe.errors.StripeRateLimitError(raw("rate_limit_error", { statusCode: 429 })),
      new Stripe.errors.StripeAPIError(raw("api_error", { statusCode: 500 })),
    ]) {
      const mapped = stripeFailure(error);
      expect(mapped.code).toBe("upstream-unavailable");
      expect(mapped.retryAfterSeconds).toBeGreaterThan(0);
    }
  });

  it("makes a refused refund amount refund-exceeds-remaining, an unknown payment invalid-state, others internal", () => {
    const amount = new Stripe.errors.StripeInvalidRequestError(
      raw("invalid_request_error", { param: "amount", statusCode: 400 }),
    );
    const refunded = new Stripe.errors.StripeInvalidRequestError(
      raw("invalid_request_error", { code: "charge_already_refunded", statusCode: 400 }),
    );
    expect(stripeFailure(amount).code).toBe("refund-exceeds-remaining");
    expect(stripeFailure(refunded).code).toBe("refund-exceeds-remaining");
    const other = new Stripe.errors.StripeInvalidRequestError(
      raw("invalid_request_error", { param: "currency", statusCode: 400 }),
    );
    expect(stripeFailure(other).code).toBe("internal");
    const unknown = new Stripe.errors.StripeInvalidRequestError(
      raw("invalid_request_error", { code: "resource_missing", param: "payment_intent", statusCode: 404 }),
    );
    expect(stripeFailure(unknown).code).toBe("invalid-state");
    expect(
      stripeFailure(new Stripe.errors.StripeAuthenticationError(raw("x", { statusCode: 401 }))).code,
    ).toBe("internal");
  });
});

describe("makeStripePayments against a Stripe that hangs", () => {
  it("answers Stripe unavailable before the served call's deadline, after one retry", async () => {
    const arrived: IncomingMessage[] = [];
    // Reads each request and never answers it.
    const server = createServer((request) => {
      arrived.push(request);
      request.resume();
    });
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    const { port } = server.address() as AddressInfo;
    try {
      const stripe = makeStripeClient({
        STRIPE_API_KEY: "sk_test_hanging",
        STRIPE_API_BASE: `http://127.0.0.1:${port}`,
      });
      const started = Date.now();
      const payments = makeStripePayments(stripe, () => started + 3_000);
      const refused = await payments
        .createRefund({ paymentIntentId: "pi_1", amount: 100, reason: undefined, idempotencyKey: "k1" })
        .then(
          () => undefined,
          (error: unknown) => error as { code?: string; message?: string },
        );
      const elapsed = Date.now() - started;
      expect(refused?.code).toBe("upstream-unavailable");
      expect(refused?.message).toBe("Stripe is unavailable.");
      expect(arrived).toHaveLength(2);
      // Without the deadline the client's own 10 s timeout and 2 retries apply (over 30 s). The second
      // is slack for a loaded machine's timers; the options themselves fit in 3 s (deadline.test.ts).
      expect(elapsed).toBeLessThan(4_000);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
