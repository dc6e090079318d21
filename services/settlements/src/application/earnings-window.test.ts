import { describe, expect, it } from "vitest";
import { bucketCount, bucketStart, defaultSeriesWindow, parseWindow, splitWindow } from "./earnings-window";

const d = (iso: string) => new Date(iso);

describe("splitWindow", () => {
  it("reads whole days from the daily aggregate, edge hours hourly, partial hours raw", () => {
    expect(splitWindow({ start: d("2026-10-15T10:20:00Z"), end: d("2026-10-21T08:30:00Z") })).toEqual({
      days: ["2026-10-16", "2026-10-21"],
      hours: [
        ["2026-10-15T11:00:00.000Z", "2026-10-16T00:00:00.000Z"],
        ["2026-10-21T00:00:00.000Z", "2026-10-21T08:00:00.000Z"],
      ],
      raw: [
        ["2026-10-15T10:20:00.000Z", "2026-10-15T11:00:00.000Z"],
        ["2026-10-21T08:00:00.000Z", "2026-10-21T08:30:00.000Z"],
      ],
    });
  });

  it("needs nothing but days for midnight bounds, and is unbounded on an absent side", () => {
    const split = splitWindow({ start: d("2026-10-01T00:00:00Z") });
    expect(split.days).toEqual(["2026-10-01", "infinity"]);
    for (const [from, to] of [...split.hours, ...split.raw]) expect(from).toBe(to);
    expect(splitWindow({}).days).toEqual(["-infinity", "infinity"]);
  });

  it("reads a window inside one day as hours and raw edges, and one inside an hour raw only", () => {
    const day = splitWindow({ start: d("2026-10-20T12:00:00Z"), end: d("2026-10-21T08:30:00Z") });
    expect(day.days[0]).toBe(day.days[1]);
    expect(day.hours[0]).toEqual(["2026-10-20T12:00:00.000Z", "2026-10-21T08:00:00.000Z"]);
    expect(day.raw[1]).toEqual(["2026-10-21T08:00:00.000Z", "2026-10-21T08:30:00.000Z"]);
    const hour = splitWindow({ start: d("2026-10-20T12:10:00Z"), end: d("2026-10-20T12:50:00Z") });
    expect(hour.raw[0]).toEqual(["2026-10-20T12:10:00.000Z", "2026-10-20T12:50:00.000Z"]);
    expect(hour.hours[0][0]).toBe(hour.hours[0][1]);
  });
});

describe("buckets", () => {
  it("start weeks on Monday and months on the first, UTC", () => {
    expect(bucketStart(d("2026-11-01T23:59:59Z"), "week").toISOString()).toBe("2026-10-26T00:00:00.000Z");
    expect(bucketStart(d("2026-11-02T00:00:00Z"), "week").toISOString()).toBe("2026-11-02T00:00:00.000Z");
    expect(bucketStart(d("2026-11-17T05:00:00Z"), "month").toISOString()).toBe("2026-11-01T00:00:00.000Z");
  });

  it("counts the buckets touching [start, end)", () => {
    expect(bucketCount(d("2026-10-14"), d("2026-10-22"), "day")).toBe(8);
    expect(bucketCount(d("2026-10-01"), d("2026-11-03"), "week")).toBe(6);
    expect(bucketCount(d("2025-12-15"), d("2026-02-01"), "month")).toBe(2);
    expect(bucketCount(d("2025-12-15"), d("2026-02-01T00:00:00.001Z"), "month")).toBe(3);
  });

  it("defaults the series window to end now and start a period count before", () => {
    const now = d("2026-11-23T16:00:00Z");
    expect(defaultSeriesWindow({}, "day", now).start.toISOString()).toBe("2026-10-24T16:00:00.000Z");
    expect(defaultSeriesWindow({}, "week", now).start.toISOString()).toBe("2026-08-31T16:00:00.000Z");
    expect(defaultSeriesWindow({}, "month", now).start.toISOString()).toBe("2025-11-23T16:00:00.000Z");
  });
});

describe("parseWindow", () => {
  it("refuses bad instants and a reversed window, naming the field", () => {
    expect(() => parseWindow({ startUtc: "x", endUtc: "" })).toThrow(
      expect.objectContaining({ errors: { "query.startUtc": expect.any(Array) } }),
    );
    expect(() => parseWindow({ startUtc: "2026-01-02T00:00:00Z", endUtc: "2026-01-01T00:00:00Z" })).toThrow(
      expect.objectContaining({ errors: { "query.endUtc": expect.any(Array) } }),
    );
  });
});
