import { describe, expect, it } from "vitest";
import { type KnownItem, requirePublished } from "./item";
import { isActive, type Offering, withdraw } from "./offering";

const offering: Offering = {
  id: "0193a1b2-0000-7000-8000-000000000001",
  marketplaceInstanceId: "0193a1b2-0000-7000-8000-000000000002",
  marketplaceItemId: "0193a1b2-0000-7000-8000-000000000003",
  createdAt: new Date("2026-11-22T10:00:00.000Z"),
  withdrawnAt: null,
  version: 1,
};
const at = new Date("2026-11-23T10:00:00.000Z");

describe("offering", () => {
  it("is withdrawn once, at version 2; a second withdrawal changes nothing", () => {
    const withdrawn = withdraw(offering, at);
    expect(withdrawn).toEqual({ ...offering, withdrawnAt: at, version: 2 });
    expect(isActive(offering)).toBe(true);
    expect(isActive(withdrawn)).toBe(false);
    expect(withdraw(withdrawn, new Date())).toBe(withdrawn);
  });
});

describe("requirePublished", () => {
  const item = (status: KnownItem["status"]): KnownItem => ({
    id: offering.marketplaceItemId,
    organisationId: offering.id,
    marketplaceInstanceId: offering.marketplaceInstanceId,
    type: "app",
    status,
    displayName: "Tracker",
    description: null,
    iconAssetId: null,
    basePrice: { amount: 100, currency: "EUR" },
  });

  it("lets a published item through", () => {
    expect(() => requirePublished(item("published"), "offered")).not.toThrow();
  });

  it.each(["draft", "unpublished", "retired"] as const)(
    "refuses a %s item with invalid-state naming it",
    (status) => {
      expect(() => requirePublished(item(status), "listed")).toThrow(
        expect.objectContaining({
          code: "invalid-state",
          message: `Only a published item can be listed; it is ${status}.`,
          extensions: { state: status },
        }),
      );
    },
  );
});
