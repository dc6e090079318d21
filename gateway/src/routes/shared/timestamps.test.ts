import { describe, expect, it } from "vitest";
import { isoTimestamp } from "./timestamps";

/** What every mapper wrote before: the contract's form through Date (throws on no date). */
const throughDate = (value: string) => new Date(value).toISOString();

describe("isoTimestamp", () => {
  it("answers exactly what a Date round trip answers", () => {
    const samples = [
      "2026-11-26T17:23:31.218Z",
      "2024-02-29T23:59:59.999Z",
      "0000-01-01T00:00:00.000Z",
      "9999-12-31T23:59:59.999Z",
      // rolled over by Date: kept out of the fast path
      "2026-02-29T00:00:00.000Z",
      "2026-02-30T00:00:00.000Z",
      "2100-02-29T12:00:00.000Z",
      "2026-04-31T10:00:00.000Z",
      "2026-11-26T24:00:00.000Z",
      // other forms Date accepts
      "2026-11-26T17:23:31Z",
      "2026-11-26T17:23:31.2Z",
      "2026-11-26T18:23:31.218+01:00",
      "2026-11-26",
    ];
    for (const value of samples) expect(isoTimestamp(value), value).toBe(throughDate(value));
  });

  it("agrees with Date on every day of a leap and a common year", () => {
    for (const year of [2000, 2024, 2026, 2100]) {
      for (let month = 1; month <= 12; month++) {
        for (let day = 1; day <= 31; day++) {
          const value = `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}T08:09:10.011Z`;
          expect(isoTimestamp(value), value).toBe(throughDate(value));
        }
      }
    }
  });

  it("returns a canonical value itself and throws where Date throws", () => {
    const value = "2026-11-26T17:23:31.218Z";
    expect(isoTimestamp(value)).toBe(value);
    for (const bad of ["", "not a date", "2026-13-01T00:00:00.000Z", "2026-00-10T00:00:00.000Z"]) {
      expect(() => isoTimestamp(bad), bad).toThrow(RangeError);
    }
  });
});
