import { assertMinorUnits, divideHalfEven, toSafeNumber } from "./rounding";

const BPS = 10_000n;

/** The platform's cut of a sale: round(gross * feeBps / 10000), half-to-even, in minor units. */
export function platformFee(gross: number, feeBps: number): number {
  assertMinorUnits("gross", gross);
  assertMinorUnits("feeBps", feeBps);
  if (feeBps < 0 || feeBps > 10_000) throw new RangeError(`feeBps must be 0..10000, got ${feeBps}`);
  return toSafeNumber(divideHalfEven(BigInt(gross) * BigInt(feeBps), BPS));
}

export interface SaleSplit {
  platformFee: number;
  developerShare: number;
  /** Negative when the price does not cover the base price and the fee (a listing refuses that). */
  providerShare: number;
}

/**
 * The shares of one sale (contract section 6): the platform keeps its fee, the developer gets the base
 * price in force, the provider the rest. The three always sum to `gross`.
 */
export function splitSale(sale: { gross: number; basePrice: number; feeBps: number }): SaleSplit {
  assertMinorUnits("basePrice", sale.basePrice);
  const fee = platformFee(sale.gross, sale.feeBps);
  return {
    platformFee: fee,
    developerShare: sale.basePrice,
    providerShare: toSafeNumber(BigInt(sale.gross) - BigInt(sale.basePrice) - BigInt(fee)),
  };
}
