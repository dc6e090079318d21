import { describe, expect, it } from "vitest";
import { bookReversal, bookSale, type PurchaseFacts } from "./booking";
import type { PurchaseParties } from "./movement";

const purchase: PurchaseFacts = {
  id: "p-1",
  marketplaceInstanceId: "inst-1",
  marketplaceItemId: "item-1",
  displayName: "Tracker",
  deviceId: "00112233aabbccdd",
  providerOrganisationId: "org-provider",
  amount: { amount: 1000, currency: "EUR" },
  livemode: true,
  purchasedAt: "2026-03-04T05:06:07.000Z",
  change: { kind: "purchase", amount: { amount: 1000, currency: "EUR" }, at: "2026-03-04T05:06:07.000Z" },
};
const parties = { purchaseId: "p-1", currency: "EUR" } as PurchaseParties;
const sold = { parties, left: { platformFee: 150, developerShare: 600, providerShare: 250 } };

describe("bookSale guards", () => {
  it("lets an invalid amount fail loudly instead of rejecting it as a negative share", () => {
    const inputs = {
      item: { developerOrganisationId: "org-developer", displayName: null },
      basePrice: { amount: 600, currency: "EUR" },
      feeBps: 1500,
    };
    expect(() => bookSale({ ...purchase, amount: { amount: 10.5, currency: "EUR" } }, inputs)).toThrow(
      RangeError,
    );
    expect(() => bookSale(purchase, { ...inputs, feeBps: 10_001 })).toThrow(RangeError);
  });
});

describe("bookReversal guards", () => {
  it("a purchase change reverses nothing", () => {
    expect(
      bookReversal(
        { kind: "purchase", amount: { amount: 1000, currency: "EUR" }, at: purchase.purchasedAt },
        sold,
      ),
    ).toEqual({
      outcome: "none",
    });
  });

  it("a lost dispute reverses what is left whatever currency the dispute names (only refunds are checked)", () => {
    expect(
      bookReversal(
        { kind: "dispute-lost", amount: { amount: 1000, currency: "USD" }, at: "2026-04-01T00:00:00.000Z" },
        sold,
      ),
    ).toEqual({
      outcome: "booked",
      kind: "dispute",
      shares: { platformFee: -150, developerShare: -600, providerShare: -250 },
      occurredAt: new Date("2026-04-01T00:00:00.000Z"),
      amount: 1000,
      clamped: false,
    });
  });
});
