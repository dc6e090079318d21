import { describe, expect, it } from "vitest";
import { checkPrice, disable, type Listing, setVisibility, supersede } from "./listing";

const base = { amount: 1000, currency: "EUR" };
const at = new Date("2026-11-23T10:00:00.000Z");
const listing: Listing = {
  id: "0193a1b2-0000-7000-8000-000000000001",
  marketplaceItemId: "0193a1b2-0000-7000-8000-000000000002",
  marketplaceInstanceId: "0193a1b2-0000-7000-8000-000000000003",
  providerOrganisationId: "0193a1b2-0000-7000-8000-000000000004",
  offeringId: "0193a1b2-0000-7000-8000-000000000005",
  price: { amount: 1500, currency: "EUR" },
  visibility: "public",
  disabled: false,
  createdAt: new Date("2026-11-22T10:00:00.000Z"),
  supersededAt: null,
  version: 3,
};

describe("checkPrice", () => {
  it("accepts a price leaving the provider exactly nothing, and more", () => {
    // 1112 * 10% = 111.2 -> 111; 1112 - 1000 - 111 = 1. 1111: fee 111.1 -> 111, share 0.
    expect(() => checkPrice({ amount: 1111, currency: "EUR" }, base, 1000)).not.toThrow();
    expect(() => checkPrice({ amount: 5000, currency: "EUR" }, base, 1000)).not.toThrow();
    expect(() => checkPrice({ amount: 1000, currency: "EUR" }, base, 0)).not.toThrow();
  });

  it("refuses a price that would leave the provider a negative share (price-below-base)", () => {
    expect(() => checkPrice({ amount: 1110, currency: "EUR" }, base, 1000)).toThrow(
      expect.objectContaining({
        code: "price-below-base",
        message:
          "The price does not cover the item's base price and the platform fee: the provider's share would be negative.",
        extensions: { basePrice: base, platformFeeBps: 1000 },
      }),
    );
    expect(() => checkPrice({ amount: 999, currency: "EUR" }, base, 0)).toThrow(
      expect.objectContaining({ code: "price-below-base" }),
    );
  });

  it("refuses another currency than the base price's, naming body.price.currency", () => {
    let error: unknown;
    try {
      checkPrice({ amount: 5000, currency: "USD" }, base, 1000);
    } catch (caught) {
      error = caught;
    }
    expect(error).toMatchObject({
      code: "validation-failed",
      errors: { "body.price.currency": ["must be EUR, the currency of the item's base price"] },
    });
  });

  it("lets a free item be listed for free when the fee is on nothing", () => {
    expect(() =>
      checkPrice({ amount: 0, currency: "JPY" }, { amount: 0, currency: "JPY" }, 5000),
    ).not.toThrow();
  });
});

describe("listing changes", () => {
  it("supersede disables, stamps supersededAt and bumps the version", () => {
    expect(supersede(listing, at)).toEqual({ ...listing, disabled: true, supersededAt: at, version: 4 });
  });

  it("disable bumps the version once; an already disabled listing is left as it is", () => {
    const disabled = disable(listing);
    expect(disabled).toEqual({ ...listing, disabled: true, version: 4 });
    expect(disable(disabled)).toBe(disabled);
  });

  it("setting visibility bumps the version even when unchanged", () => {
    expect(setVisibility(listing, "public")).toEqual({ ...listing, version: 4 });
    expect(setVisibility(listing, "private")).toEqual({ ...listing, visibility: "private", version: 4 });
  });

  it("a superseded listing is history: its visibility cannot change", () => {
    expect(() => setVisibility(supersede(listing, at), "private")).toThrow(
      expect.objectContaining({
        code: "invalid-state",
        message: "A superseded listing is history and cannot change.",
        extensions: { state: "superseded" },
      }),
    );
  });
});
