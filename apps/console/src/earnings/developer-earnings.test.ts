import { describe, expect, it } from "vitest";
import {
  type EarningLine,
  linesFromCsv,
  parseCsv,
  periodStart,
  periodStarts,
  summarise,
} from "./developer-earnings";

const ITEM_A = "0195a561-4527-70ce-86b3-bebd1dd01a01";
const ITEM_B = "0195a561-4527-70ce-86b3-bebd1dd01b02";

function line(
  occurredAt: string,
  kind: EarningLine["kind"],
  share: number,
  extra: Partial<EarningLine> = {},
) {
  return {
    occurredAt,
    kind,
    marketplaceItemId: ITEM_A,
    displayName: "Weather",
    gross: share * 2,
    share,
    currency: "EUR",
    ...extra,
  } satisfies EarningLine;
}

describe("periods", () => {
  it("starts days at UTC midnight, weeks on Monday and months on the first", () => {
    const at = new Date("2026-11-29T23:59:00Z"); // a Sunday
    expect(periodStart(at, "day").toISOString()).toBe("2026-11-29T00:00:00.000Z");
    expect(periodStart(at, "week").toISOString()).toBe("2026-11-23T00:00:00.000Z");
    expect(periodStart(new Date("2026-11-23T00:00:00Z"), "week").toISOString()).toBe(
      "2026-11-23T00:00:00.000Z",
    );
    expect(periodStart(at, "month").toISOString()).toBe("2026-11-01T00:00:00.000Z");
  });

  it("names every bucket from the window's first to its last, across a year's end", () => {
    const months = periodStarts(new Date("2025-11-15T00:00:00Z"), new Date("2026-02-03T00:00:00Z"), "month");
    expect(months).toEqual([
      "2025-11-01T00:00:00.000Z",
      "2025-12-01T00:00:00.000Z",
      "2026-01-01T00:00:00.000Z",
      "2026-02-01T00:00:00.000Z",
    ]);
    expect(
      periodStarts(new Date("2026-11-27T12:00:00Z"), new Date("2026-11-29T08:00:00Z"), "day"),
    ).toHaveLength(3);
  });
});

describe("summarise", () => {
  const start = new Date("2026-11-01T00:00:00Z");
  const end = new Date("2026-12-01T00:00:00Z");

  it("sums shares per currency, bucket and item, sales counted, reversals apart, outside the window left out", () => {
    const lines = [
      line("2026-10-31T23:59:59Z", "sale", 999), // before the window
      line("2026-11-02T10:00:00Z", "sale", 1000),
      line("2026-11-02T18:00:00Z", "sale", 1000, { marketplaceItemId: ITEM_B, displayName: "Tracker" }),
      line("2026-11-03T08:00:00Z", "refund", -400),
      line("2026-11-20T08:00:00Z", "adjustment", 50, { displayName: "Weather Pro" }),
      line("2026-11-20T09:00:00Z", "sale", 700, { currency: "USD" }),
      line("2026-12-01T00:00:00Z", "sale", 999), // the end is exclusive
    ];
    const [eur, usd] = summarise(lines, "day", start, end);
    expect(eur).toMatchObject({ currency: "EUR", net: 1650, fromSales: 2000, reversed: 400, sales: 2 });
    expect(eur?.points).toHaveLength(30);
    expect(eur?.points[1]).toEqual({ periodStart: "2026-11-02T00:00:00.000Z", earnings: 2000, sales: 2 });
    expect(eur?.points[2]).toEqual({ periodStart: "2026-11-03T00:00:00.000Z", earnings: -400, sales: 0 });
    expect(eur?.points[0]?.earnings).toBe(0);
    expect(eur?.items).toEqual([
      { marketplaceItemId: ITEM_B, displayName: "Tracker", earnings: 1000, sales: 1 },
      { marketplaceItemId: ITEM_A, displayName: "Weather Pro", earnings: 650, sales: 1 },
    ]);
    expect(usd).toMatchObject({ currency: "USD", net: 700, sales: 1 });
    expect(summarise(lines, "month", start, end)[0]?.points).toEqual([
      { periodStart: "2026-11-01T00:00:00.000Z", earnings: 1650, sales: 2 },
    ]);
  });

  it("gives nothing for no lines in the window", () => {
    expect(summarise([line("2026-01-01T00:00:00Z", "sale", 5)], "week", start, end)).toEqual([]);
  });
});

describe("the statement's CSV", () => {
  it("reads quoted fields with commas, quotes and line breaks, CRLF or LF", () => {
    expect(parseCsv('a,"b,c","say ""hi""\r\nthere"\r\n1,2,3\n')).toEqual([
      ["a", "b,c", 'say "hi"\r\nthere'],
      ["1", "2", "3"],
    ]);
  });

  it("gives the lines without the totals row, names as typed", () => {
    const csv = [
      "occurredAt,kind,purchaseId,marketplaceItemId,displayName,deviceId,gross,platformFee,share,currency",
      `2026-10-15T10:00:00.000Z,sale,p1,${ITEM_A},"Weather, Pro",d1,2500,250,1000,EUR`,
      `2026-10-21T08:30:00.000Z,refund,p1,${ITEM_A},'=Tracker,d1,-500,-50,-200,EUR`,
      ",total,,,,,2000,200,800,EUR",
      "",
    ].join("\r\n");
    expect(linesFromCsv(csv)).toEqual([
      {
        occurredAt: "2026-10-15T10:00:00.000Z",
        kind: "sale",
        marketplaceItemId: ITEM_A,
        displayName: "Weather, Pro",
        gross: 2500,
        share: 1000,
        currency: "EUR",
      },
      {
        occurredAt: "2026-10-21T08:30:00.000Z",
        kind: "refund",
        marketplaceItemId: ITEM_A,
        displayName: "=Tracker",
        gross: -500,
        share: -200,
        currency: "EUR",
      },
    ]);
  });

  it("refuses an export whose columns it does not know", () => {
    expect(() => linesFromCsv("a,b\r\n1,2\r\n")).toThrow(/unexpected columns/);
  });
});
