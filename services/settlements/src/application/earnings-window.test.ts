import { describe, expect, it } from "vitest";
import { bucketCount, bucketStart, defaultSeriesWindow, parseWindow, splitWindow } from "./earnings-window";

const d = (iso: string) => new Date(iso);

describe("splitWindow", () => {
  it("reads whole days from the aggregate and the partial edge days raw", () => {
    expect(splitWindow({ start: d("2026-10-15T10:00:00Z"), end: d("2026-10-21T08:30:00Z") })).toEqual({
      aggFrom: "2026-10-16",
      aggTo: "2026-10-21",
      raw: [
        ["2026-10-15T10:00:00.000Z", "2026-10-16T00:00:00.000Z"],
        ["2026-10-21T00:00:00.000Z", "2026-10-21T08:30:00.000Z"],
      ],
    });
  });

  it("needs no raw rows for midnight bounds, and is unbounded on an absent side", () => {
    const split = splitWindow({ start: d("2026-10-01T00:00:00Z") });
    expect(split).toMatchObject({ aggFrom: "2026-10-01", aggTo: "infinity" });
    expect(split.raw[0][0]).toBe(split.raw[0][1]);
    expect(splitWindow({})).toMatchObject({ aggFrom: "-infinity", aggTo: "infinity" });
  });

  it("reads a window inside one day raw only", () => {
    const split = splitWindow({ start: d("2026-10-20T12:00:00Z"), end: d("2026-10-21T08:30:00Z") });
    expect(split.aggFrom).toBe(split.aggTo);
    expect(split.raw[0]).toEqual(["2026-10-20T12:00:00.000Z", "2026-10-21T08:30:00.000Z"]);
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
