import { assertMinorUnits, toSafeNumber } from "./rounding";

/**
 * Splits `total` minor units across `weights` in proportion, by largest remainder: each part gets the
 * floor of its exact share, then the units left over go one each to the parts with the largest
 * remainders (the earlier part first on a tie). The parts sum to `total` exactly, each lies between the
 * floor and the ceiling of its exact share, and a zero weight gets nothing. A negative `total` is split
 * as its magnitude and negated (a reversal). Weights are non-negative integers, at least one positive
 * unless `total` is 0.
 */
export function allocateLargestRemainder(total: number, weights: readonly number[]): number[] {
  assertMinorUnits("total", total);
  weights.forEach((weight, i) => {
    assertMinorUnits(`weights[${i}]`, weight);
    if (weight < 0) throw new RangeError(`weights[${i}] must not be negative`);
  });
  const sum = weights.reduce((acc, w) => acc + BigInt(w), 0n);
  if (total === 0) return weights.map(() => 0);
  if (sum === 0n) throw new RangeError("cannot allocate a non-zero total across zero weights");
  const sign = total < 0 ? -1n : 1n;
  const magnitude = BigInt(total) * sign;
  const parts = weights.map((w, index) => {
    const exact = magnitude * BigInt(w);
    return { index, floor: exact / sum, remainder: exact % sum };
  });
  let left = magnitude - parts.reduce((acc, p) => acc + p.floor, 0n);
  const byRemainder = [...parts].sort((a, b) =>
    a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
  );
  for (const part of byRemainder) {
    if (left === 0n) break;
    part.floor += 1n;
    left -= 1n;
  }
  return parts.map((p) => toSafeNumber(p.floor * sign));
}
