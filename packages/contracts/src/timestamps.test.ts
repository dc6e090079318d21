import { describe, expect, it } from "vitest";
import { isoInstant } from "./timestamps";

describe("isoInstant", () => {
  it("writes what toISOString writes, across the years 0000-9999 and the edges of days and months", () => {
    const instants = [
      0,
      -62_167_219_200_000, // 0000-01-01T00:00:00.000Z
      253_402_300_799_999, // 9999-12-31T23:59:59.999Z
      Date.UTC(2024, 1, 29, 23, 59, 59, 999),
      Date.UTC(1999, 11, 31, 0, 0, 0, 1),
      Date.UTC(2026, 10, 28, 6, 51, 31, 258),
    ];
    let seed = 20261128;
    for (let i = 0; i < 5000; i++) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      instants.push(-62_167_219_200_000 + Math.floor((seed / 2 ** 31) * 315_569_520_000_000));
    }
    for (const ms of instants) expect(isoInstant(new Date(ms))).toBe(new Date(ms).toISOString());
  });

  it("leaves years outside 0000-9999 to toISOString, and throws on an invalid date as it does", () => {
    const early = new Date(Date.UTC(-1, 0, 1));
    const late = new Date(Date.UTC(10000, 0, 1));
    expect(isoInstant(early)).toBe("-000001-01-01T00:00:00.000Z");
    expect(isoInstant(late)).toBe("+010000-01-01T00:00:00.000Z");
    expect(() => isoInstant(new Date(Number.NaN))).toThrow(RangeError);
  });
});
