import { describe, expect, it } from "vitest";
import { bookReversal, bookSale, entryStatementKeys, type PurchaseFacts, type SaleInputs } from "./booking";
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
const inputs: SaleInputs = {
  item: { developerOrganisationId: "org-developer", displayName: "Tracker (item)" },
  basePrice: { amount: 600, currency: "EUR" },
  feeBps: 1500,
};
const parties: PurchaseParties = {
  purchaseId: "p-1",
  marketplaceInstanceId: "inst-1",
  marketplaceItemId: "item-1",
  displayName: "Tracker",
  deviceId: "00112233aabbccdd",
  providerOrganisationId: "org-provider",
  developerOrganisationId: "org-developer",
  currency: "EUR",
  livemode: true,
};
const sold = { parties, left: { platformFee: 150, developerShare: 600, providerShare: 250 } };
const change = (kind: PurchaseFacts["change"]["kind"], amount: number, currency = "EUR") => ({
  kind,
  amount: { amount, currency },
  at: "2026-04-01T00:00:00.000Z",
});

describe("bookSale", () => {
  it("books the sale split at the base price and fee in force: fee, developer's base price, provider's rest", () => {
    expect(bookSale(purchase, inputs)).toEqual({
      outcome: "booked",
      parties,
      shares: { platformFee: 150, developerShare: 600, providerShare: 250 },
      occurredAt: new Date("2026-03-04T05:06:07.000Z"),
    });
  });

  it("names the sale by the purchase, else by the item, else with nothing", () => {
    const named = (purchaseName: string, itemName: string | null) => {
      const item = { developerOrganisationId: "org-developer", displayName: itemName };
      const booked = bookSale({ ...purchase, displayName: purchaseName }, { ...inputs, item });
      return booked.outcome === "booked" ? booked.parties.displayName : undefined;
    };
    expect(named("", "Tracker (item)")).toBe("Tracker (item)");
    expect(named("", null)).toBe("");
  });

  it("waits (not ready) until the item, a base price and the instance's fee are known", () => {
    expect(bookSale(purchase, { ...inputs, item: undefined })).toEqual({
      outcome: "not-ready",
      reason: "item item-1 is not known yet",
    });
    for (const basePrice of [undefined, null])
      expect(bookSale(purchase, { ...inputs, basePrice })).toEqual({
        outcome: "not-ready",
        reason: "no base price of item item-1 known in force at 2026-03-04T05:06:07.000Z",
      });
    expect(bookSale(purchase, { ...inputs, feeBps: undefined })).toEqual({
      outcome: "not-ready",
      reason: "instance inst-1 is not known yet at 2026-03-04T05:06:07.000Z",
    });
  });

  it("refuses a base price in another currency than the sale", () => {
    expect(bookSale(purchase, { ...inputs, basePrice: { amount: 600, currency: "USD" } })).toEqual({
      outcome: "rejected",
      reason: "base price currency USD differs from the sale's EUR",
    });
  });

  it("refuses a split that would leave a share below zero, with the shares it would have made", () => {
    const booked = bookSale(purchase, { ...inputs, basePrice: { amount: 900, currency: "EUR" } });
    expect(booked).toMatchObject({
      outcome: "rejected",
      shares: { platformFee: 150, developerShare: 900, providerShare: -50 },
    });
  });
});

describe("bookReversal", () => {
  it("reverses a refund from each share in proportion", () => {
    expect(bookReversal(change("refund", 100), sold)).toEqual({
      outcome: "booked",
      kind: "refund",
      shares: { platformFee: -15, developerShare: -60, providerShare: -25 },
      occurredAt: new Date("2026-04-01T00:00:00.000Z"),
      amount: 100,
      clamped: false,
    });
  });

  it("reverses at most what is left of the sale, saying so", () => {
    expect(bookReversal(change("refund", 1500), sold)).toMatchObject({
      outcome: "booked",
      kind: "refund",
      shares: { platformFee: -150, developerShare: -600, providerShare: -250 },
      amount: 1000,
      clamped: true,
    });
  });

  it("reverses all that is left on a lost dispute, and nothing on an opened or won one", () => {
    const half = { ...sold, left: { platformFee: 75, developerShare: 300, providerShare: 125 } };
    expect(bookReversal(change("dispute-lost", 0), half)).toMatchObject({
      outcome: "booked",
      kind: "dispute",
      shares: { platformFee: -75, developerShare: -300, providerShare: -125 },
      amount: 500,
    });
    expect(bookReversal(change("dispute-opened", 1000), sold)).toEqual({ outcome: "none" });
    expect(bookReversal(change("dispute-won", 1000), sold)).toEqual({ outcome: "none" });
  });

  it("refuses a refund in another currency than the sale, unless nothing is left to reverse", () => {
    expect(bookReversal(change("refund", 100, "USD"), sold)).toEqual({
      outcome: "rejected",
      reason: "refund currency USD differs from the sale's EUR",
    });
    const spent = { ...sold, left: { platformFee: 0, developerShare: 0, providerShare: 0 } };
    expect(bookReversal(change("refund", 100, "USD"), spent)).toEqual({ outcome: "none" });
  });
});

describe("entryStatementKeys", () => {
  it("lands the developer's and the provider's entries each in its own statement of the sale's currency and mode", () => {
    expect(entryStatementKeys(parties)).toEqual({
      developer: { currency: "EUR", livemode: true, organisationId: "org-developer", role: "developer" },
      provider: { currency: "EUR", livemode: true, organisationId: "org-provider", role: "provider" },
    });
  });
});
