/** Throws unless `value` is a safe integer: money is whole minor units, never a float. */
export function assertMinorUnits(name: string, value: number): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${name} must be a safe integer, got ${value}`);
}

/** A bigint back to a number, refusing one a number cannot hold exactly. */
export function toSafeNumber(value: bigint): number {
  const result = Number(value);
  if (!Number.isSafeInteger(result)) throw new RangeError(`${value} is outside the safe integer range`);
  return result;
}

/**
 * `numerator / denominator` rounded half-to-even (banker's rounding), in integer arithmetic only.
 * `denominator` must be positive; `numerator` may have either sign.
 */
export function divideHalfEven(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new RangeError("denominator must be positive");
  const negative = numerator < 0n;
  const magnitude = negative ? -numerator : numerator;
  let quotient = magnitude / denominator;
  const twiceRemainder = (magnitude % denominator) * 2n;
  if (twiceRemainder > denominator || (twiceRemainder === denominator && quotient % 2n === 1n))
    quotient += 1n;
  return negative ? -quotient : quotient;
}
