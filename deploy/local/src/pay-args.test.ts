import { describe, expect, it } from "vitest";
import { UsageError } from "./cli-args";
import { parsePayArgs } from "./pay-args";
import { payEvent } from "./pay-events";

const listing = "0193A1B2-0000-7000-8000-0000000000C1";
const device = "00112233AABBCCDD";

describe("pnpm pay arguments", () => {
  it("reads a payment with defaults, and a refund and a dispute", () => {
    expect(parsePayArgs(["--", "--listing", listing, "--device", device])).toEqual({
      kind: "payment",
      listingId: listing.toLowerCase(),
      deviceId: device.toLowerCase(),
    });
    expect(
      parsePayArgs(["--listing", listing, "--device", device, "--amount", "500", "--currency", "jpy"]),
    ).toMatchObject({ amount: 500, currency: "JPY" });
    expect(parsePayArgs(["--refund", "pi_123", "--amount", "100"])).toEqual({
      kind: "refund",
      paymentIntentId: "pi_123",
      amount: 100,
    });
    expect(parsePayArgs(["--", "reconcile", "--data-dir", "/tmp/x"])).toEqual({
      kind: "reconcile",
      dataDir: "/tmp/x",
    });
    expect(() => parsePayArgs(["reconcile", "--listing", listing])).toThrow(UsageError);
    expect(parsePayArgs(["--dispute", "pi_123", "--status", "lost"])).toEqual({
      kind: "dispute",
      paymentIntentId: "pi_123",
      status: "lost",
    });
    expect(parsePayArgs(["-h"])).toBe("help");
  });

  it.each([
    [[]],
    [["--listing", listing]],
    [["--listing", "nope", "--device", device]],
    [["--listing", listing, "--device", "xyz"]],
    [["--listing", listing, "--device", device, "--amount", "19.99"]],
    [["--listing", listing, "--device", device, "--amount", "0"]],
    [["--listing", listing, "--device", device, "--currency", "EURO"]],
    [["--refund", "ch_1"]],
    [["--refund", "pi_1", "--dispute", "pi_1"]],
    [["--dispute", "pi_1", "--status", "open"]],
    [["--bogus"]],
  ])("refuses %j with a usage error", (argv) => {
    expect(() => parsePayArgs(argv)).toThrow(UsageError);
  });
});

describe("pnpm pay events", () => {
  it("remembers a payment so refunds carry the charge's cumulative refunded amount", () => {
    const request = {
      kind: "payment",
      listingId: listing,
      deviceId: device,
      amount: 1000,
      currency: "EUR",
    } as const;
    const paid = payEvent(request, {});
    expect(paid.event.type).toBe("checkout.session.completed");
    expect(paid.event.data.object).toMatchObject({ payment_intent: paid.paymentIntentId, currency: "eur" });
    const pi = paid.paymentIntentId;
    const partial = payEvent({ kind: "refund", paymentIntentId: pi, amount: 300 }, paid.history);
    expect(partial.event.data.object).toMatchObject({ amount: 1000, amount_refunded: 300, refunded: false });
    const rest = payEvent({ kind: "refund", paymentIntentId: pi }, partial.history);
    expect(rest.event.data.object).toMatchObject({ amount_refunded: 1000, refunded: true });
    expect(() => payEvent({ kind: "refund", paymentIntentId: pi }, rest.history)).toThrow(UsageError);
    const dispute = payEvent({ kind: "dispute", paymentIntentId: pi, status: "won" }, paid.history);
    expect(dispute.event).toMatchObject({
      type: "charge.dispute.closed",
      data: { object: { status: "won" } },
    });
  });

  it("needs the amount and currency of a payment it did not make", () => {
    expect(() => payEvent({ kind: "refund", paymentIntentId: "pi_x", amount: 5 }, {})).toThrow(/--currency/);
    expect(() =>
      payEvent({ kind: "dispute", paymentIntentId: "pi_x", status: "created", currency: "EUR" }, {}),
    ).toThrow(/--amount/);
    const refund = payEvent({ kind: "refund", paymentIntentId: "pi_x", amount: 5, currency: "USD" }, {});
    expect(refund.event.data.object).toMatchObject({ amount: 5, amount_refunded: 5, currency: "usd" });
  });
});
