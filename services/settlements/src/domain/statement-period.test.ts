import { describe, expect, it } from "vitest";
import { addMonths, isMonthStart, isWholeMonths, monthStart, totalsOf } from "./statement-period";

const at = (iso: string) => new Date(iso);

describe("statement periods are UTC calendar months", () => {
  it("monthStart is the first instant of the UTC month", () => {
    expect(monthStart(at("2026-11-28T23:59:59.999Z"))).toEqual(at("2026-11-01T00:00:00.000Z"));
    expect(monthStart(at("2026-12-01T00:00:00.000Z"))).toEqual(at("2026-12-01T00:00:00.000Z"));
  });

  it("addMonths moves whole months, across years, both ways", () => {
    expect(addMonths(at("2026-11-01T00:00:00Z"), 2)).toEqual(at("2027-01-01T00:00:00Z"));
    expect(addMonths(at("2026-01-01T00:00:00Z"), -1)).toEqual(at("2025-12-01T00:00:00Z"));
  });

  it("isMonthStart only at 00:00Z on the 1st", () => {
    expect(isMonthStart(at("2026-11-01T00:00:00.000Z"))).toBe(true);
    expect(isMonthStart(at("2026-11-01T00:00:00.001Z"))).toBe(false);
    expect(isMonthStart(at("2026-11-02T00:00:00.000Z"))).toBe(false);
  });

  it("a closable period is one or more whole months, end after start", () => {
    expect(isWholeMonths(at("2026-10-01T00:00:00Z"), at("2026-11-01T00:00:00Z"))).toBe(true);
    expect(isWholeMonths(at("2026-01-01T00:00:00Z"), at("2027-01-01T00:00:00Z"))).toBe(true);
    expect(isWholeMonths(at("2026-11-01T00:00:00Z"), at("2026-11-01T00:00:00Z"))).toBe(false);
    expect(isWholeMonths(at("2026-12-01T00:00:00Z"), at("2026-11-01T00:00:00Z"))).toBe(false);
    expect(isWholeMonths(at("2026-10-02T00:00:00Z"), at("2026-11-01T00:00:00Z"))).toBe(false);
    expect(isWholeMonths(at("2026-10-01T00:00:00Z"), at("2026-11-01T01:00:00Z"))).toBe(false);
  });
});

describe("statement totals", () => {
  it("sales count as gross, reversals as refunds, fees and shares net of reversals", () => {
    expect(
      totalsOf([
        { gross: 2000, platformFee: 200, share: 600 },
        { gross: -500, platformFee: -50, share: -150 },
        { gross: 0, platformFee: 0, share: 0 },
      ]),
    ).toEqual({ grossSales: 2000, refunds: 500, platformFees: 150, net: 450 });
    expect(totalsOf([])).toEqual({ grossSales: 0, refunds: 0, platformFees: 0, net: 0 });
  });
});
