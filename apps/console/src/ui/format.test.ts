import { describe, expect, it } from "vitest";
import { money, percentToBps, toMinorUnits } from "./format";

describe("money in minor units", () => {
  it("shows minor units in the currency's own digits", () => {
    expect(money({ amount: 2500, currency: "EUR" })).toBe("€25.00");
    expect(money({ amount: 499, currency: "USD" })).toBe("$4.99");
    expect(money({ amount: 1500, currency: "JPY" })).toBe("¥1,500");
    expect(money(null)).toBe("—");
  });

  it("reads what a person typed as integer minor units, or nothing", () => {
    expect(toMinorUnits("10", "EUR")).toBe(1000);
    expect(toMinorUnits("4.99", "EUR")).toBe(499);
    expect(toMinorUnits("0,10", "EUR")).toBe(10);
    // 0.29 * 100 is 28.999... in floating point: rounded, never truncated
    expect(toMinorUnits("0.29", "EUR")).toBe(29);
    expect(toMinorUnits("1500", "JPY")).toBe(1500);
    for (const bad of ["", "ten", "-1", "1e3", "1.2.3"]) expect(toMinorUnits(bad, "EUR")).toBeUndefined();
  });
});

describe("platform fee in percent", () => {
  it("reads a percentage from 0 to 50 as basis points, or nothing", () => {
    expect(percentToBps("10")).toBe(1000);
    expect(percentToBps("12.5")).toBe(1250);
    expect(percentToBps("0,29")).toBe(29);
    expect(percentToBps("0")).toBe(0);
    expect(percentToBps("50")).toBe(5000);
    for (const bad of ["", "ten", "-1", "50.01", "200", "1.234", "1e1"])
      expect(percentToBps(bad)).toBeUndefined();
  });
});
