import { CURRENCY_EXPONENTS, isCurrencyCode } from "@mp/contracts";

/**
 * The ISO 4217 minor-unit exponent of a currency the marketplace accepts (EUR 2, JPY 0, KWD 3). The one
 * list lives in @mp/contracts so the gateway's validation and the services' rules never disagree.
 */
export function currencyExponent(currency: string): number {
  if (!isCurrencyCode(currency)) throw new RangeError(`Unknown currency "${currency}"`);
  return CURRENCY_EXPONENTS[currency];
}
