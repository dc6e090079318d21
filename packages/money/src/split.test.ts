import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { currencyExponent } from "./currency";
import { divideHalfEven } from "./rounding";
import { platformFee, splitSale } from "./split";

describe("divideHalfEven", () => {
  it.each([
    [5n, 2n, 2n],
    [7n, 2n, 4n],
    [-5n, 2n, -2n],
    [-7n, 2n, -4n],
    [6n, 4n, 2n],
    [10n, 4n, 2n],
    [11n, 4n, 3n],
    [9n, 4n, 2n],
    [0n, 7n, 0n],
  ])("%d / %d -> %d", (n, d, expected) => {
    expect(divideHalfEven(n, d)).toBe(expected);
  });

  it("refuses a non-positive denominator", () => {
    expect(() => divideHalfEven(1n, 0n)).toThrow(RangeError);
    // A negative one would flip the sign of the result; zero is refused by name, not by BigInt.
    expect(() => divideHalfEven(5n, -2n)).toThrow(RangeError);
    expect(() => divideHalfEven(1n, 0n)).toThrow(/^denominator must be positive/);
  });
});

describe("platformFee", () => {
  it("rounds half to even at exactly half a minor unit", () => {
    // 1999 * 1250 / 10000 = 249.875 -> 250; 1000 * 5 / 10000 = 0.5 -> 0; 3000 * 5 / 10000 = 1.5 -> 2
    expect(platformFee(1999, 1250)).toBe(250);
    expect(platformFee(1000, 5)).toBe(0);
    expect(platformFee(3000, 5)).toBe(2);
    expect(platformFee(5000, 5)).toBe(2);
    expect(platformFee(1999, 1000)).toBe(200);
    expect(platformFee(0, 5000)).toBe(0);
  });

  it("is exact for amounts a float would round wrongly", () => {
    expect(platformFee(Number.MAX_SAFE_INTEGER, 5000)).toBe(4503599627370496);
  });

  it("refuses floats and out-of-range fees", () => {
    expect(() => platformFee(19.99, 1000)).toThrow(RangeError);
    expect(() => platformFee(100, -1)).toThrow(RangeError);
    expect(() => platformFee(100, 10_001)).toThrow(RangeError);
  });

  it("refuses integers past 2^53, which may already have lost a unit, naming the argument", () => {
    // BigInt() takes 2^53 without complaint: only the safe-integer check stands between it and a fee.
    expect(() => platformFee(2 ** 53, 1000)).toThrow(/^gross must be a safe integer, got 9007199254740992/);
    expect(() => platformFee(100, 2 ** 53)).toThrow(/^feeBps must be a safe integer/);
    expect(() => platformFee(100, 10_001)).toThrow(/^feeBps must be 0\.\.10000, got 10001/);
    expect(platformFee(100, 10_000)).toBe(100);
  });

  it("agrees with a rational half-even reference for every fee (10,000 runs)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 40 }), fc.integer({ min: 0, max: 10_000 }), (g, f) => {
        const exact = BigInt(g) * BigInt(f);
        const floor = exact / 10_000n;
        const rest = exact - floor * 10_000n;
        const expected = rest > 5_000n || (rest === 5_000n && floor % 2n === 1n) ? floor + 1n : floor;
        expect(platformFee(g, f)).toBe(Number(expected));
      }),
      { numRuns: 10_000 },
    );
  });
});

describe("splitSale", () => {
  it("gives the developer the base price and the provider the rest", () => {
    expect(splitSale({ gross: 1999, basePrice: 1000, feeBps: 1000 })).toEqual({
      platformFee: 200,
      developerShare: 1000,
      providerShare: 799,
    });
  });

  it("leaves the provider a negative share when the price is too low", () => {
    expect(splitSale({ gross: 1000, basePrice: 1000, feeBps: 1000 }).providerShare).toBe(-100);
    expect(splitSale({ gross: 1112, basePrice: 1000, feeBps: 1000 }).providerShare).toBe(1);
  });

  it("refuses a base price past 2^53 and a provider share a number cannot hold", () => {
    expect(() => splitSale({ gross: 1000, basePrice: 2 ** 53, feeBps: 0 })).toThrow(
      /^basePrice must be a safe integer/,
    );
    expect(() =>
      splitSale({ gross: Number.MAX_SAFE_INTEGER, basePrice: -Number.MAX_SAFE_INTEGER, feeBps: 0 }),
    ).toThrow(/is outside the safe integer range/);
  });

  it("sums back to gross exactly, with a non-negative fee (10,000 runs)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 40 }),
        fc.integer({ min: 0, max: 2 ** 40 }),
        fc.integer({ min: 0, max: 5_000 }),
        (gross, basePrice, feeBps) => {
          const split = splitSale({ gross, basePrice, feeBps });
          expect(split.platformFee + split.developerShare + split.providerShare).toBe(gross);
          expect(split.platformFee).toBeGreaterThanOrEqual(0);
          expect(split.platformFee).toBeLessThanOrEqual(gross);
        },
      ),
      { numRuns: 10_000 },
    );
  });
});

describe("currencyExponent", () => {
  it("knows the ISO 4217 exponents", () => {
    expect(currencyExponent("EUR")).toBe(2);
    expect(currencyExponent("JPY")).toBe(0);
    expect(currencyExponent("KWD")).toBe(3);
    expect(() => currencyExponent("XXX")).toThrow(RangeError);
    expect(() => currencyExponent("eur")).toThrow('Unknown currency "eur"');
  });
});
