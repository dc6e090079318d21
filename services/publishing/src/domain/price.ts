import { isCurrencyCode } from "@mp/contracts";
import { type FieldErrors, ValidationError } from "@mp/errors";

/** Money in the currency's minor unit: an integer, never a float (contract section 1). */
export interface Money {
  amount: number;
  currency: string;
}

export interface PriceRecord {
  price: Money;
  effectiveFrom: Date;
  createdAt: Date;
}

/**
 * A developer base price: integer minor units >= 0 (0 = free) in a supported currency that equals the
 * instance's default currency. One currency per instance keeps listing prices, provider shares and
 * statements comparable without exchange rates, so a base price in another currency is refused.
 */
export function validateBasePrice(input: Money, instanceCurrency: string): Money {
  const errors: FieldErrors = {};
  if (!Number.isSafeInteger(input.amount) || input.amount < 0)
    errors["body.amount"] = ["must be an integer amount in the minor unit, 0 or more"];
  const currency = input.currency.toUpperCase();
  if (!isCurrencyCode(currency)) errors["body.currency"] = ["must be a supported ISO 4217 currency code"];
  else if (currency !== instanceCurrency)
    errors["body.currency"] = [`must be the instance's currency (${instanceCurrency})`];
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return { amount: input.amount, currency };
}
