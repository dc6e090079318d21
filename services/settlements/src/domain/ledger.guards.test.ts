import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { effectOf, NegativeShareError, reversalShares, type Shares, saleShares, sumShares } from "./ledger";

describe("saleShares refuses every share below zero, each on its own", () => {
  it("the developer's (a base price below zero) and the platform's (a negative gross at a 100 % fee)", () => {
    expect(() => saleShares({ gross: 1000, basePrice: -1, feeBps: 0 })).toThrow(NegativeShareError);
    expect(() => saleShares({ gross: -1000, basePrice: 0, feeBps: 10_000 })).toThrow(NegativeShareError);
    expect(saleShares({ gross: 1000, basePrice: 0, feeBps: 10_000 })).toEqual({
      platformFee: 1000,
      developerShare: 0,
      providerShare: 0,
    });
  });

  it("names itself and the three shares it refused", () => {
    const error = new NegativeShareError({ platformFee: 100, developerShare: 1000, providerShare: -100 });
    expect(error.name).toBe("NegativeShareError");
    expect(error.message).toBe(
      "the sale would leave a share below zero (fee 100, developer 1000, provider -100)",
    );
  });
});

describe("reversalShares guards", () => {
  const left = { platformFee: 100, developerShare: 1000, providerShare: 900 };

  it("refuses an amount below zero or not a whole number of minor units, saying why", () => {
    expect(() => reversalShares(left, -1)).toThrow("amount must be >= 0, got -1");
    expect(() => reversalShares(left, 1.5)).toThrow("amount must be >= 0, got 1.5");
    expect(() => reversalShares(left, 2001)).toThrow("cannot reverse 2001: only 2000 is left");
  });

  it("reversing nothing gives plain zeros, also when nothing is left", () => {
    expect(reversalShares(left, 0)).toEqual({ platformFee: 0, developerShare: 0, providerShare: 0 });
    const none = { platformFee: 0, developerShare: 0, providerShare: 0 };
    expect(reversalShares(none, 0)).toEqual({ platformFee: 0, developerShare: 0, providerShare: 0 });
  });

  it("shares that are all zero or above are split by magnitude: the unit left over goes to the earliest", () => {
    expect(reversalShares({ platformFee: 1, developerShare: 1, providerShare: 1 }, 1)).toEqual({
      platformFee: -1,
      developerShare: 0,
      providerShare: 0,
    });
    expect(reversalShares({ platformFee: 0, developerShare: 1, providerShare: 1 }, 1)).toEqual({
      platformFee: 0,
      developerShare: -1,
      providerShare: 0,
    });
  });
});

/**
 * The signed largest remainder written out plainly (small integers, so Number arithmetic is exact): part
 * i is floor(amount * w_i / total), and the units left over go one each to the largest remainders, the
 * earlier part on a tie.
 */
function reference(left: Shares, amount: number): number[] {
  const weights = [left.platformFee, left.developerShare, left.providerShare];
  const total = weights.reduce((a, b) => a + b, 0);
  const parts = weights.map((w, index) => {
    const floor = Math.floor((-amount * w) / total);
    return { index, floor, remainder: -amount * w - floor * total };
  });
  let over = -amount - parts.reduce((a, p) => a + p.floor, 0);
  const byRemainder = [...parts].sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const part of byRemainder) {
    if (over === 0) break;
    part.floor += 1;
    over -= 1;
  }
  return parts.map((p) => p.floor + 0);
}

describe("reversalShares of a sale booked with a negative provider share", () => {
  it("examples: ties go to the earlier share, exact parts stay exact", () => {
    // total 10: 4, 8, -2 reversing 5 -> -2, -4, +1 exactly.
    expect(reversalShares({ platformFee: 4, developerShare: 8, providerShare: -2 }, 5)).toEqual({
      platformFee: -2,
      developerShare: -4,
      providerShare: 1,
    });
    // total 3: 1, 3, -1 reversing 1: exact -1/3, -1, +1/3.
    expect(reversalShares({ platformFee: 1, developerShare: 3, providerShare: -1 }, 1)).toEqual({
      platformFee: 0,
      developerShare: -1,
      providerShare: 0,
    });
    // total 4: 2, 3, -1 reversing 2: exact -1, -1.5, +0.5: the tie of remainders goes to the developer.
    expect(reversalShares({ platformFee: 2, developerShare: 3, providerShare: -1 }, 2)).toEqual({
      platformFee: -1,
      developerShare: -1,
      providerShare: 0,
    });
  });

  it("matches the rule written out plainly (5,000 runs)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 0, max: 200 }),
        fc.integer({ min: 1, max: 60 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (fee, developer, below, fraction) => {
          const left = { platformFee: fee, developerShare: developer, providerShare: -below };
          const total = sumShares(left);
          fc.pre(total > 1);
          const amount = 1 + Math.floor((total - 2) * fraction);
          const r = reversalShares(left, amount);
          expect([r.platformFee, r.developerShare, r.providerShare]).toEqual(reference(left, amount));
        },
      ),
      { numRuns: 5_000 },
    );
  });
});

describe("effectOf", () => {
  it("a purchase is the sale; a lost dispute with nothing left moves nothing; a lost one reverses all, unclamped", () => {
    expect(effectOf({ kind: "purchase", amount: 2000 }, 0)).toEqual({ kind: "sale" });
    expect(effectOf({ kind: "dispute-lost", amount: 2000 }, 0)).toEqual({ kind: "none" });
    expect(effectOf({ kind: "dispute-lost", amount: 2000 }, 700)).toEqual({
      kind: "dispute",
      amount: 700,
      clamped: false,
    });
  });
});
