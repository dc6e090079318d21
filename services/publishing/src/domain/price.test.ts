import { describe, expect, it } from "vitest";
import { validateBasePrice } from "./price";

const errors = (amount: number, currency: string) => {
  try {
    validateBasePrice({ amount, currency }, "EUR");
  } catch (error) {
    return Object.keys((error as { errors: Record<string, string[]> }).errors);
  }
  return [];
};

describe("validateBasePrice", () => {
  it("accepts integer minor units from 0 (free) in the instance's currency, any case", () => {
    expect(validateBasePrice({ amount: 0, currency: "eur" }, "EUR")).toEqual({ amount: 0, currency: "EUR" });
    expect(validateBasePrice({ amount: 1999, currency: "EUR" }, "EUR").amount).toBe(1999);
  });

  it("refuses negative, fractional or unsafe amounts and other currencies", () => {
    expect(errors(-1, "EUR")).toEqual(["body.amount"]);
    expect(errors(19.99, "EUR")).toEqual(["body.amount"]);
    expect(errors(2 ** 53, "EUR")).toEqual(["body.amount"]);
    expect(errors(100, "USD")).toEqual(["body.currency"]);
    expect(errors(100, "XXX")).toEqual(["body.currency"]);
  });
});
