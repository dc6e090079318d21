import type { PaymentUpdatedV1 } from "@mp/contracts";
import { describe, expect, it } from "vitest";
import { applyUpdate, newPurchase } from "./purchase";

const PRICE = { amount: 2000, currency: "EUR" };
const paid = newPurchase(
  {
    id: "0193a1b2-0000-7000-8000-000000000001",
    marketplaceItemId: "0193a1b2-0000-7000-8000-000000000002",
    displayName: "Thermo",
    listingId: "0193a1b2-0000-7000-8000-000000000003",
    marketplaceInstanceId: "0193a1b2-0000-7000-8000-000000000004",
    providerOrganisationId: "0193a1b2-0000-7000-8000-000000000005",
    deviceId: "0123456789abcdef",
    amount: PRICE,
    livemode: false,
    purchasedAt: new Date("2026-11-23T10:00:00.000Z"),
    paymentReference: "pi_1",
  },
  PRICE,
);

const update = (fields: Partial<PaymentUpdatedV1>): PaymentUpdatedV1 => ({
  stripeEventId: "evt_1",
  kind: "paid",
  paymentIntentId: "pi_1",
  amount: { amount: 2000, currency: "EUR" },
  livemode: false,
  occurredAt: "2026-11-23T11:00:00.000Z",
  version: 2,
  ...fields,
});

describe("updates that must not move a purchase", () => {
  it("a paid update never counts as a refund, whatever it carries", () => {
    const odd = update({ kind: "paid", amountRefunded: { amount: 500, currency: "EUR" } });
    expect(applyUpdate(paid, odd)).toBeNull();
  });

  it("a refund update without a refunded amount refunds nothing (and does not throw)", () => {
    expect(applyUpdate(paid, update({ kind: "refunded" }))).toBeNull();
  });

  it("a dispute event of the version already applied is a repeat: nothing changes", () => {
    const open = applyUpdate(paid, update({ kind: "dispute-created", disputeStatus: "open", version: 3 }));
    expect(open?.purchase.disputeVersion).toBe(3);
    const again = update({ kind: "dispute-closed", disputeStatus: "won", version: 3 });
    expect(applyUpdate(open?.purchase ?? paid, again)).toBeNull();
  });
});

describe("dispute statuses", () => {
  it("a created dispute is open whatever status the update carries", () => {
    const t = applyUpdate(paid, update({ kind: "dispute-created", disputeStatus: "won", version: 2 }));
    expect(t?.purchase).toMatchObject({ status: "disputed", disputeStatus: "open" });
    expect(t?.change.kind).toBe("dispute-opened");
  });

  it("a closed dispute that names no outcome stays open", () => {
    const t = applyUpdate(paid, update({ kind: "dispute-closed", version: 2 }));
    expect(t?.purchase).toMatchObject({ status: "disputed", disputeStatus: "open" });
    expect(t?.change).toMatchObject({ kind: "dispute-opened", amount: { amount: 2000, currency: "EUR" } });
  });
});
