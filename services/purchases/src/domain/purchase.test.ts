import type { PaymentUpdatedV1 } from "@mp/contracts";
import { describe, expect, it } from "vitest";
import { activityKind, applyUpdate, heldReasonOf, newPurchase, type Purchase, statusOf } from "./purchase";

const PRICE = { amount: 2000, currency: "EUR" };
const fields = {
  id: "0193a1b2-0000-7000-8000-000000000001",
  marketplaceItemId: "0193a1b2-0000-7000-8000-000000000002",
  displayName: "Thermo",
  listingId: "0193a1b2-0000-7000-8000-000000000003",
  marketplaceInstanceId: "0193a1b2-0000-7000-8000-000000000004",
  providerOrganisationId: "0193a1b2-0000-7000-8000-000000000005",
  deviceId: "0123456789abcdef",
  amount: { amount: 2000, currency: "EUR" },
  livemode: false,
  purchasedAt: new Date("2026-11-23T10:00:00.000Z"),
  paymentReference: "pi_1",
};
const paid = newPurchase(fields, PRICE);

let n = 0;
const update = (fields: Partial<PaymentUpdatedV1>): PaymentUpdatedV1 => ({
  stripeEventId: `evt_${++n}`,
  kind: "paid",
  paymentIntentId: "pi_1",
  amount: { amount: 2000, currency: "EUR" },
  livemode: false,
  occurredAt: "2026-11-23T11:00:00.000Z",
  version: 2,
  ...fields,
});
const refund = (refunded: number, version = 2) =>
  update({ kind: "refunded", amountRefunded: { amount: refunded, currency: "EUR" }, version });
const dispute = (version: number, disputeStatus?: "won" | "lost") =>
  update(
    disputeStatus
      ? { kind: "dispute-closed", disputeStatus, version }
      : { kind: "dispute-created", disputeStatus: "open", version },
  );

/** Applies updates in order, each to the result of the previous (unchanged when one changes nothing). */
const run = (start: Purchase, ...updates: PaymentUpdatedV1[]) =>
  updates.reduce((p, u) => applyUpdate(p, u)?.purchase ?? p, start);

describe("a new purchase", () => {
  it("is completed, version 1, nothing refunded", () => {
    expect(paid).toMatchObject({ status: "completed", version: 1, amountRefunded: 0, disputeStatus: null });
  });

  it("ignores a second paid update of its payment (checkout and payment intent)", () => {
    expect(applyUpdate(paid, update({ kind: "paid" }))).toBeNull();
  });
});

describe("a payment must match what was sold", () => {
  const eur = (amount: number) => ({ amount, currency: "EUR" });

  it("the listing's price paid exactly makes a completed purchase", () => {
    expect(paid).toMatchObject({ status: "completed", heldReason: null });
    expect(heldReasonOf(eur(2000), eur(2000))).toBeNull();
  });

  it("another amount, more or less, holds it: amount-mismatch", () => {
    for (const amount of [1999, 2001, 0]) {
      const held = newPurchase({ ...fields, amount: eur(amount) }, PRICE);
      expect(held).toMatchObject({ status: "held", heldReason: "amount-mismatch", version: 1 });
    }
  });

  it("another currency holds it: currency-mismatch, also when the amount is the same", () => {
    const usd = newPurchase({ ...fields, amount: { amount: 2000, currency: "USD" } }, PRICE);
    expect(usd).toMatchObject({ status: "held", heldReason: "currency-mismatch" });
    expect(heldReasonOf({ amount: 1, currency: "USD" }, PRICE)).toBe("currency-mismatch");
  });

  it("a held purchase never becomes usable: refunds in part and won disputes leave it held", () => {
    const held = newPurchase({ ...fields, amount: eur(2500) }, PRICE);
    expect(run(held, refund(500)).status).toBe("held");
    expect(run(held, dispute(2)).status).toBe("held");
    expect(run(held, dispute(2), dispute(3, "won")).status).toBe("held");
    expect(run(held, refund(500), dispute(3), dispute(4, "won")).status).toBe("held");
  });

  it("a held purchase given back in full is refunded, and keeps its reason", () => {
    const held = newPurchase({ ...fields, amount: eur(2500) }, PRICE);
    expect(run(held, refund(2500))).toMatchObject({ status: "refunded", heldReason: "amount-mismatch" });
    expect(run(held, dispute(2), dispute(3, "lost")).status).toBe("refunded");
  });
});

describe("refunds", () => {
  it("a partial refund makes it partially_refunded with the increment as the change", () => {
    const t = applyUpdate(paid, refund(500));
    expect(t?.purchase).toMatchObject({ status: "partially_refunded", amountRefunded: 500, version: 2 });
    expect(t?.change).toMatchObject({ kind: "refund", amount: { amount: 500, currency: "EUR" } });
  });

  it("the cumulative total reaching the amount makes it refunded; the change is the rest", () => {
    const partly = run(paid, refund(500));
    const t = applyUpdate(partly, refund(2000, 3));
    expect(t?.purchase).toMatchObject({ status: "refunded", amountRefunded: 2000, version: 3 });
    expect(t?.change.amount.amount).toBe(1500);
  });

  it("a refund not raising the total (repeated, or older and delivered late) changes nothing", () => {
    const full = run(paid, refund(2000));
    expect(applyUpdate(full, refund(2000, 3))).toBeNull();
    expect(applyUpdate(full, refund(500, 4))).toBeNull();
  });

  it("never counts more than the paid amount as refunded", () => {
    expect(applyUpdate(paid, refund(9999))?.purchase.amountRefunded).toBe(2000);
  });
});

describe("disputes", () => {
  it("created -> disputed; won -> completed again; lost -> refunded", () => {
    const open = run(paid, dispute(2));
    expect(open.status).toBe("disputed");
    expect(run(open, dispute(3, "won")).status).toBe("completed");
    expect(run(open, dispute(3, "lost")).status).toBe("refunded");
  });

  it("won after a partial refund goes back to partially_refunded", () => {
    expect(run(paid, refund(500, 2), dispute(3), dispute(4, "won")).status).toBe("partially_refunded");
  });

  it("an older dispute event arriving after a newer one changes nothing", () => {
    const closed = run(paid, dispute(3, "won"));
    expect(applyUpdate(closed, dispute(2))).toBeNull();
    expect(closed.status).toBe("completed");
  });

  it("names the change and carries the disputed amount", () => {
    expect(applyUpdate(paid, dispute(2))?.change).toMatchObject({
      kind: "dispute-opened",
      amount: { amount: 2000 },
    });
    expect(applyUpdate(run(paid, dispute(2)), dispute(3, "lost"))?.change.kind).toBe("dispute-lost");
  });

  it("a refund during an open dispute keeps it disputed", () => {
    expect(run(paid, dispute(2), refund(500, 3)).status).toBe("disputed");
  });
});

describe("statusOf and activityKind", () => {
  it("derives the status from refunds and the dispute", () => {
    const amount = { amount: 100, currency: "EUR" };
    expect(statusOf({ amount, amountRefunded: 0, disputeStatus: null, heldReason: null })).toBe("completed");
    expect(statusOf({ amount, amountRefunded: 1, disputeStatus: "won", heldReason: null })).toBe(
      "partially_refunded",
    );
    expect(statusOf({ amount, amountRefunded: 100, disputeStatus: null, heldReason: null })).toBe("refunded");
    expect(
      statusOf({
        amount: { amount: 0, currency: "EUR" },
        amountRefunded: 0,
        disputeStatus: null,
        heldReason: null,
      }),
    ).toBe("completed");
  });

  it("maps changes to the feed's kinds", () => {
    expect(activityKind("purchase")).toBe("purchase");
    expect(activityKind("refund")).toBe("refund");
    expect(activityKind("dispute-won")).toBe("dispute");
  });
});
