import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readiness } from "./readiness";

describe("readiness", () => {
  it("is ready with a display name, a base price (free counts) and an available release", () => {
    expect(readiness({ displayName: "Thermo", hasBasePrice: true, availableReleases: 1 })).toEqual({
      ready: true,
      unmet: [],
    });
  });

  it("lists every unmet condition in the contract's order", () => {
    expect(readiness({ displayName: null, hasBasePrice: false, availableReleases: 0 })).toEqual({
      ready: false,
      unmet: ["displayName", "basePrice", "release"],
    });
    expect(readiness({ displayName: "  ", hasBasePrice: true, availableReleases: 0 }).unmet).toEqual([
      "displayName",
      "release",
    ]);
  });

  it("is ready exactly when nothing is unmet, and unmet is always an ordered subset", () => {
    const order = ["displayName", "basePrice", "release"];
    fc.assert(
      fc.property(
        fc.option(fc.string(), { nil: null }),
        fc.boolean(),
        fc.nat(5),
        (displayName, hasBasePrice, availableReleases) => {
          const result = readiness({ displayName, hasBasePrice, availableReleases });
          expect(result.ready).toBe(result.unmet.length === 0);
          const indexes = result.unmet.map((c) => order.indexOf(c));
          expect(indexes).toEqual([...indexes].sort((a, b) => a - b));
          expect(result.unmet.includes("basePrice")).toBe(!hasBasePrice);
          expect(result.unmet.includes("release")).toBe(availableReleases === 0);
        },
      ),
    );
  });
});
