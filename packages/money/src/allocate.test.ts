import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { allocateLargestRemainder } from "./allocate";
import { splitSale } from "./split";

describe("allocateLargestRemainder", () => {
  it("gives the leftover units to the largest remainders, earlier first on a tie", () => {
    expect(allocateLargestRemainder(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocateLargestRemainder(10, [200, 799, 1000])).toEqual([1, 4, 5]);
    expect(allocateLargestRemainder(7, [0, 3, 0])).toEqual([0, 7, 0]);
    expect(allocateLargestRemainder(0, [0, 0])).toEqual([0, 0]);
  });

  it("reverses a negative total as a negated split", () => {
    expect(allocateLargestRemainder(-100, [1, 1, 1])).toEqual([-34, -33, -33]);
  });

  it("refuses zero weights for a non-zero total, negative weights and floats", () => {
    expect(() => allocateLargestRemainder(5, [0, 0])).toThrow(RangeError);
    expect(() => allocateLargestRemainder(5, [1, -1])).toThrow(RangeError);
    expect(() => allocateLargestRemainder(5.5, [1])).toThrow(RangeError);
  });

  it("names what it refuses: the total, the weight by index, zero weights", () => {
    // Each would otherwise end in BigInt's own RangeError (or a wrong split), with no word of the cause.
    expect(() => allocateLargestRemainder(5, [0, 0])).toThrow(/non-zero total across zero weights/);
    expect(() => allocateLargestRemainder(2 ** 53, [1])).toThrow(/^total must be a safe integer/);
    expect(() => allocateLargestRemainder(5, [1, 1.5])).toThrow(/^weights\[1\] must be a safe integer/);
    expect(() => allocateLargestRemainder(5, [1, 2 ** 53])).toThrow(/^weights\[1\] must be a safe integer/);
  });

  it("refuses a negative weight even when the sum stays positive", () => {
    // [3, -1] sums to 2: without the check the parts would be [8, -3] for 5, a negative share.
    expect(() => allocateLargestRemainder(5, [3, -1])).toThrow(/^weights\[1\] must not be negative/);
    expect(() => allocateLargestRemainder(0, [3, -1])).toThrow(RangeError);
  });

  it("refuses a total a number cannot hold exactly instead of splitting a rounded one", () => {
    expect(() => allocateLargestRemainder(-(2 ** 53), [1, 1])).toThrow(RangeError);
    expect(allocateLargestRemainder(Number.MAX_SAFE_INTEGER, [1, 1])).toEqual([
      4503599627370496, 4503599627370495,
    ]);
  });

  it("sums to the total, stays between floor and ceiling, never negative (10,000 runs)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 40 }),
        fc.array(fc.integer({ min: 0, max: 2 ** 32 }), { minLength: 1, maxLength: 8 }),
        (total, weights) => {
          fc.pre(weights.some((w) => w > 0));
          const parts = allocateLargestRemainder(total, weights);
          expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
          const sum = weights.reduce((a, w) => a + BigInt(w), 0n);
          parts.forEach((part, i) => {
            expect(part).toBeGreaterThanOrEqual(0);
            const floor = (BigInt(total) * BigInt(weights[i] as number)) / sum;
            expect(BigInt(part) - floor).toBeGreaterThanOrEqual(0n);
            expect(BigInt(part) - floor).toBeLessThanOrEqual(1n);
          });
        },
      ),
      { numRuns: 10_000 },
    );
    // 1-2 s on an idle machine; the timeout only guards against a hang under CI's load.
  }, 30_000);

  it("reverses a refund across a sale's shares without exceeding any share (10,000 runs)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 0, max: 5_000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (gross, feeBps, baseFraction, refundFraction) => {
          const fee = splitSale({ gross, basePrice: 0, feeBps }).platformFee;
          const basePrice = Math.floor((gross - fee) * baseFraction);
          const split = splitSale({ gross, basePrice, feeBps });
          const refund = Math.floor(gross * refundFraction);
          const shares = [split.platformFee, split.developerShare, split.providerShare];
          const reversal = allocateLargestRemainder(refund, shares);
          expect(reversal.reduce((a, b) => a + b, 0)).toBe(refund);
          reversal.forEach((part, i) => {
            expect(part).toBeGreaterThanOrEqual(0);
            expect(part).toBeLessThanOrEqual(shares[i] as number);
          });
        },
      ),
      { numRuns: 10_000 },
    );
    // 1-2 s on an idle machine; the timeout only guards against a hang under CI's load.
  }, 30_000);
});
