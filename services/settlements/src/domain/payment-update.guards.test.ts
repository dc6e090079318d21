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
const at = { created: 1_763_900_000, id: "evt_1" };
const detailOf = (event: unknown) => {
  const meaning = interpretStripeEvent(event);
  expect(meaning.outcome).toBe("unprocessable");
  return "detail" in meaning ? meaning.detail : "";
};

describe("reading Stripe events, the edges", () => {
  it("a refund carries the listing and device of the charge's metadata, lowercased", () => {
    const event = chargeRefunded(
      { paymentIntentId: "pi_1", amount: 1999, amountRefunded: 1999, currency: "eur" },
      at,
    );
    (event.data.object as Record<string, unknown>).metadata = {
      listingId: payment.listingId,
      deviceId: payment.deviceId,
    };
    expect(interpretStripeEvent(event)).toMatchObject({
      outcome: "emitted",
      update: {
        listingId: payment.listingId.toLowerCase(),
        deviceId: payment.deviceId.toLowerCase(),
        refund: "full",
      },
    });
    (event.data.object as Record<string, unknown>).metadata = { listingId: payment.listingId };
    const partial = interpretStripeEvent(event);
    expect(partial).toMatchObject({ update: { listingId: payment.listingId.toLowerCase() } });
    expect("update" in partial && "deviceId" in partial.update).toBe(false);
  });

  it("reads an expanded payment intent by its id, and refuses one whose id is not a Stripe id", () => {
    const event = checkoutSessionCompleted(payment, at);
    (event.data.object as Record<string, unknown>).payment_intent = { id: "pi_9", object: "payment_intent" };
    expect(interpretStripeEvent(event)).toMatchObject({
      outcome: "emitted",
      update: { paymentIntentId: "pi_9" },
    });
    const refund = chargeRefunded(
      { paymentIntentId: "pi_1", amount: 1999, amountRefunded: 1, currency: "eur" },
      at,
    );
    (refund.data.object as Record<string, unknown>).payment_intent = { id: "pi_9" };
    expect(interpretStripeEvent(refund)).toMatchObject({ update: { paymentIntentId: "pi_9" } });
    (refund.data.object as Record<string, unknown>).payment_intent = { id: "pi 9" };
    expect(detailOf(refund)).toContain("payment_intent");
  });

  it("a succeeded payment intent whose id is not a Stripe id is unprocessable, saying so", () => {
    const intent = paymentIntentSucceeded({ ...payment, paymentIntentId: "pi 1" }, at);
    expect(detailOf(intent)).toContain("a Stripe object id");
  });

  it("a closed inquiry (warning_closed) is a won dispute", () => {
    const closed = chargeDispute(
      { paymentIntentId: "pi_1", amount: 1999, currency: "eur", status: "won" },
      at,
    );
    (closed.data.object as Record<string, unknown>).status = "warning_closed";
    expect(interpretStripeEvent(closed)).toMatchObject({ update: { disputeStatus: "won" } });
  });

  it("a lost dispute is lost", () => {
    const lost = chargeDispute(
      { paymentIntentId: "pi_1", amount: 1999, currency: "eur", status: "lost" },
      at,
    );
    expect(interpretStripeEvent(lost)).toMatchObject({
      outcome: "emitted",
      update: { kind: "dispute-closed", disputeStatus: "lost" },
    });
  });

  it("an event whose time cannot be an update's is unprocessable, never emitted", () => {
    const far = checkoutSessionCompleted(payment, { ...at, created: 253_402_300_800 });
    expect(interpretStripeEvent(far).outcome).toBe("unprocessable");
  });

  it("names what the envelope or a checkout session lacks", () => {
    const { created: _created, ...noCreated } = stripeEvent("charge.refunded", {});
    expect(detailOf(noCreated)).toContain("created");
    const noData = { ...stripeEvent("charge.refunded", {}), data: undefined };
    expect(detailOf(noData)).toContain("data");
    const noObject = { ...stripeEvent("charge.refunded", {}), data: {} };
    expect(detailOf(noObject)).toContain("data.object");
    const session = checkoutSessionCompleted(payment, at);
    delete (session.data.object as Record<string, unknown>).payment_status;
    expect(detailOf(session)).toContain("payment_status");
  });

  it("a device id in the metadata must be exactly 16 hex characters", () => {
    for (const deviceId of ["x0123456789abcdef", "0123456789abcdefx"]) {
      const event = checkoutSessionCompleted({ ...payment, deviceId }, at);
      expect(detailOf(event)).toContain("16 hex characters");
    }
  });
});
