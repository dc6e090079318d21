import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { stripeFailure } from "./stripe-payments.client";

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
