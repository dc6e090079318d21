import { ConflictError, UpstreamUnavailableError } from "@mp/errors";
import { describe, expect, it } from "vitest";
import type { PurchasesClient } from "../../clients";
import { fakeCatalogue, fakeClients, fakeUpstream, ORG_A, useTestApp } from "../../testing/test-kit";

const ITEM = "0193A1B2-0000-7000-8000-0000000000A1";
const INSTANCE = "0193A1B2-0000-7000-8000-0000000000B1";
const PURCHASE = "0193A1B2-0000-7000-8000-0000000000D1";
const DEVICE = "0123456789ABCDEF";
const PAGE = "http://127.0.0.1:12111/checkout/cs_test_1";

const purchases = fakeUpstream<PurchasesClient>((method, request) => {
  switch (method) {
    case "createCheckoutSession":
      if (request.deviceId === "ffffffffffffffff") throw new ConflictError("not-listed", "Not listed.");
      if (request.deviceId === "eeeeeeeeeeeeeeee") throw new UpstreamUnavailableError("Stripe is down.", 5);
      return {
        checkoutSessionId: "cs_test_1",
        url: PAGE,
        expiresAt: "2026-11-28T20:00:00.000Z",
        amount: { amount: "1999", currency: "EUR" },
      };
    case "createRefund":
      if (request.amount === "100000")
        throw new ConflictError("refund-exceeds-remaining", "Too much.", {
          extensions: { remaining: { amount: 1999, currency: "EUR" } },
        });
      return {
        refundId: "re_1",
        purchaseId: PURCHASE.toLowerCase(),
        status: "succeeded",
        amount: { amount: request.amount ?? "1999", currency: "EUR" },
      };
    default:
      return {};
  }
});

const auth = async (role: "provider" | "developer") => ({
  authorization: `Bearer ${await gateway.keys.token([role])}`,
});
const checkout = async (payload: Record<string, unknown>, role: "provider" | "developer" = "provider") =>
  gateway.app.inject({
    method: "POST",
    url: `/marketplace/providers/listings/${ITEM}/checkout-sessions`,
    headers: await auth(role),
    payload: {
      marketplaceInstanceId: INSTANCE,
      deviceId: DEVICE,
      successUrl: "https://shop.example/paid",
      cancelUrl: "http://localhost:3000/cancelled",
      ...payload,
    },
  });
const refund = async (payload: Record<string, unknown>) =>
  gateway.app.inject({
    method: "POST",
    url: `/marketplace/providers/purchases/${PURCHASE}/refunds`,
    headers: await auth("provider"),
    payload,
  });

const gateway = useTestApp({
  clients: fakeClients(fakeCatalogue(() => ({})).client, {}, { purchases: purchases.client }),
});

describe("checkout sessions", () => {
  it("answers 201 with the session, its page as Location, ids lowercased, the caller forwarded", async () => {
    const response = await checkout({ customerEmail: "buyer@example.com" });
    expect(response.statusCode).toBe(201);
    expect(response.headers.location).toBe(PAGE);
    expect(response.json()).toEqual({
      checkoutSessionId: "cs_test_1",
      url: PAGE,
      expiresAt: "2026-11-28T20:00:00.000Z",
      amount: { amount: 1999, currency: "EUR" },
    });
    expect(purchases.calls.at(-1)).toMatchObject({
      method: "createCheckoutSession",
      request: {
        marketplaceItemId: ITEM.toLowerCase(),
        marketplaceInstanceId: INSTANCE.toLowerCase(),
        deviceId: DEVICE,
        customerEmail: "buyer@example.com",
      },
      ctx: { principal: { organisationId: ORG_A } },
    });
  });

  it("refuses bad input naming the field, and other roles, before calling purchases", async () => {
    const before = purchases.calls.length;
    for (const [payload, field] of [
      [{ successUrl: "ftp://shop.example/paid" }, "body.successUrl"],
      [{ cancelUrl: "javascript:alert(1)" }, "body.cancelUrl"],
      [{ deviceId: "xyz" }, "body.deviceId"],
      [{ customerEmail: "not-an-email" }, "body.customerEmail"],
      [{ marketplaceInstanceId: "nope" }, "body.marketplaceInstanceId"],
      [{ quantity: 2 }, "body"],
    ] as const) {
      const response = await checkout(payload);
      expect(response.statusCode, field).toBe(400);
      expect(response.json().code).toBe("validation-failed");
      expect(JSON.stringify(response.json().errors), field).toContain(field);
    }
    expect((await checkout({}, "developer")).statusCode).toBe(403);
    expect(purchases.calls.length).toBe(before);
  });

  it("passes purchases' refusals through: 409 not-listed, 503 with Retry-After", async () => {
    const refused = await checkout({ deviceId: "ffffffffffffffff" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe("not-listed");
    const down = await checkout({ deviceId: "eeeeeeeeeeeeeeee" });
    expect(down.statusCode).toBe(503);
    expect(down.headers["retry-after"]).toBe("5");
  });
});

describe("refunds", () => {
  it("answers 202 with Stripe's refund; no amount means the remainder (left to purchases)", async () => {
    const whole = await refund({});
    expect(whole.statusCode).toBe(202);
    expect(whole.json()).toEqual({
      refundId: "re_1",
      purchaseId: PURCHASE.toLowerCase(),
      status: "succeeded",
      amount: { amount: 1999, currency: "EUR" },
    });
    expect(purchases.calls.at(-1)?.request).toEqual({ purchaseId: PURCHASE.toLowerCase(), reason: "" });
    // no body at all, as `curl -X POST` sends it: the same refund of the remainder
    const bare = await gateway.app.inject({
      method: "POST",
      url: `/marketplace/providers/purchases/${PURCHASE}/refunds`,
      headers: await auth("provider"),
    });
    expect(bare.statusCode).toBe(202);
    expect(purchases.calls.at(-1)?.request).toEqual({ purchaseId: PURCHASE.toLowerCase(), reason: "" });
    await refund({ amount: 500, reason: "requested_by_customer" });
    expect(purchases.calls.at(-1)?.request).toEqual({
      purchaseId: PURCHASE.toLowerCase(),
      amount: "500",
      reason: "requested_by_customer",
    });
  });

  it("refuses a float, zero or unknown reason naming the field; passes 409 refund-exceeds-remaining", async () => {
    for (const [payload, field] of [
      [{ amount: 1.5 }, "body.amount"],
      [{ amount: 0 }, "body.amount"],
      [{ reason: "changed mind" }, "body.reason"],
    ] as const) {
      const response = await refund(payload);
      expect(response.statusCode, field).toBe(400);
      expect(Object.keys(response.json().errors)).toContain(field);
    }
    const over = await refund({ amount: 100000 });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({
      code: "refund-exceeds-remaining",
      remaining: { amount: 1999, currency: "EUR" },
    });
  });
});
