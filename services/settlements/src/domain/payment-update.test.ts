import {
  chargeDispute,
  chargeRefunded,
  checkoutSessionCompleted,
  paymentIntentSucceeded,
  stripeEvent,
} from "@mp/testing/stripe";
import { describe, expect, it } from "vitest";
import { interpretStripeEvent } from "./payment-update";

const payment = {
  listingId: "0193A1B2-0000-7000-8000-000000000001",
  deviceId: "0123456789ABCDEF",
  amount: 1999,
  currency: "eur",
  paymentIntentId: "pi_1",
};
const created = 1_763_900_000;
const at = { created, id: "evt_1" };
const common = {
  stripeEventId: "evt_1",
  livemode: false,
  occurredAt: new Date(created * 1000).toISOString(),
};

describe("what a Stripe event means for purchases", () => {
  it("reads a paid checkout session and a succeeded payment intent as the same payment", () => {
    const paid = {
      ...common,
      kind: "paid",
      paymentIntentId: "pi_1",
      listingId: payment.listingId.toLowerCase(),
      deviceId: payment.deviceId.toLowerCase(),
      amount: { amount: 1999, currency: "EUR" },
    };
    expect(interpretStripeEvent(checkoutSessionCompleted(payment, at))).toEqual({
      outcome: "emitted",
      update: paid,
    });
    expect(interpretStripeEvent(paymentIntentSucceeded(payment, at))).toEqual({
      outcome: "emitted",
      update: paid,
    });
  });

  it("ignores a checkout session that is not paid yet, and types purchases do not need", () => {
    expect(
      interpretStripeEvent(checkoutSessionCompleted(payment, { paymentStatus: "unpaid" })),
    ).toMatchObject({
      outcome: "ignored",
    });
    expect(interpretStripeEvent(stripeEvent("customer.created", { id: "cus_1" }))).toMatchObject({
      outcome: "ignored",
    });
    expect(interpretStripeEvent(stripeEvent("toString", {}))).toMatchObject({ outcome: "ignored" });
    // Details go to a text column: a NUL quoted from the event must not come with them.
    const odd = checkoutSessionCompleted(payment, { paymentStatus: "un\u0000paid" as "unpaid" });
    expect(interpretStripeEvent(odd)).toEqual({ outcome: "ignored", detail: "payment_status is un paid" });
    const long = interpretStripeEvent(stripeEvent(`x\u0000${"y".repeat(2000)}`, {}));
    expect(long).toMatchObject({ outcome: "ignored", detail: expect.not.stringContaining("\u0000") });
    expect("detail" in long && long.detail.length).toBe(1000);
  });

  it("reads refunds as full or partial from the charge's cumulative refunded amount", () => {
    const partial = interpretStripeEvent(
      chargeRefunded({ paymentIntentId: "pi_1", amount: 1999, amountRefunded: 500, currency: "eur" }, at),
    );
    expect(partial).toEqual({
      outcome: "emitted",
      update: {
        ...common,
        kind: "refunded",
        paymentIntentId: "pi_1",
        amount: { amount: 1999, currency: "EUR" },
        amountRefunded: { amount: 500, currency: "EUR" },
        refund: "partial",
      },
    });
    const full = interpretStripeEvent(
      chargeRefunded({ paymentIntentId: "pi_1", amount: 1999, amountRefunded: 1999, currency: "eur" }, at),
    );
    expect(full).toMatchObject({ update: { refund: "full", amountRefunded: { amount: 1999 } } });
  });

  it("reads disputes as open, then won or lost", () => {
    const dispute = (status: "created" | "won" | "lost") =>
      interpretStripeEvent(
        chargeDispute({ paymentIntentId: "pi_1", amount: 1999, currency: "jpy", status }, at),
      );
    expect(dispute("created")).toEqual({
      outcome: "emitted",
      update: {
        ...common,
        kind: "dispute-created",
        paymentIntentId: "pi_1",
        amount: { amount: 1999, currency: "JPY" },
        disputeStatus: "open",
      },
    });
    expect(dispute("won")).toMatchObject({ update: { kind: "dispute-closed", disputeStatus: "won" } });
    expect(dispute("lost")).toMatchObject({ update: { kind: "dispute-closed", disputeStatus: "lost" } });
  });

  it("marks signed events that lack what their type promises as unprocessable, with the reason", () => {
    const cases: unknown[] = [
      undefined,
      "text",
      { id: "evt_1", type: "charge.refunded" },
      checkoutSessionCompleted({ ...payment, listingId: "not-a-uuid" }),
      checkoutSessionCompleted({ ...payment, deviceId: "xyz" }),
      checkoutSessionCompleted({ ...payment, currency: "xxx" }),
      paymentIntentSucceeded({ ...payment, amount: 19.99 }),
      chargeRefunded({ paymentIntentId: "pi_1", amount: 100, amountRefunded: 101, currency: "eur" }),
      {
        ...chargeDispute({ paymentIntentId: "pi_1", amount: 1, currency: "eur", status: "won" }),
        data: { object: { status: "won" } },
      },
      stripeEvent("charge.dispute.closed", {
        payment_intent: "pi_1",
        amount: 1,
        currency: "eur",
        status: "under_review",
      }),
      { ...checkoutSessionCompleted(payment), data: { object: { payment_status: "paid", metadata: {} } } },
      paymentIntentSucceeded({ ...payment, paymentIntentId: "pi_\u0000" }),
      chargeRefunded({ paymentIntentId: "pi 1", amount: 1, amountRefunded: 1, currency: "eur" }),
    ];
    for (const event of cases) {
      const meaning = interpretStripeEvent(event);
      expect(meaning.outcome, JSON.stringify(event)).toBe("unprocessable");
      expect("detail" in meaning && meaning.detail.length > 0).toBe(true);
    }
  });
});
