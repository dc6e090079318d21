import pg from "pg";
import { describe, expect, it } from "vitest";
import { POOL_TYPES, parseTimestamptz } from "./type-parsers";

const pgParse = pg.types.getTypeParser(1184, "text") as (text: string) => unknown;

function same(text: string): void {
  const ours = parseTimestamptz(text);
  const theirs = pgParse(text);
  if (theirs instanceof Date) {
    expect(ours).toBeInstanceOf(Date);
    expect((ours as Date).getTime()).toBe(theirs.getTime());
  } else {
    expect(ours).toEqual(theirs);
  }
}

describe("parseTimestamptz", () => {
  it("reads PostgreSQL's ISO output as pg's own parser does", () => {
    const texts = [
      "2026-11-27 02:00:24+00",
      "2026-11-27 02:00:24.7+00",
      "2026-11-27 02:00:24.78+00",
      "2026-11-27 02:00:24.787+00",
      "2026-11-27 02:00:24.787123+00",
      "2026-11-27 02:00:24.000999+00",
      "2026-11-27 02:00:24.999999+00",
      "2026-11-27 02:00:24.5+05:30",
      "2026-11-27 02:00:24.5-03:30",
      "1883-11-18 12:03:58-04:56:02",
      "1969-12-31 23:59:59.999999+00",
      "1970-01-01 00:00:00+00",
      "2024-02-29 23:59:59.123456+14",
      "2024-02-29 23:59:59.123456-12",
      "0100-01-01 00:00:00+00",
      "9999-12-31 23:59:59.999999+00",
    ];
    for (const text of texts) same(text);
  });

  it("gives 2026-11-27T02:00:24.787Z for a microsecond timestamp in UTC", () => {
    expect((parseTimestamptz("2026-11-27 02:00:24.787999+00") as Date).toISOString()).toBe(
      "2026-11-27T02:00:24.787Z",
    );
    expect((parseTimestamptz("2026-11-27 07:30:24.05+05:30") as Date).toISOString()).toBe(
      "2026-11-27T02:00:24.050Z",
    );
  });

  it("matches pg's parser on every millisecond and on random instants in several zones", () => {
    for (let ms = 0; ms < 1000; ms++) {
      const frac = String(ms).padStart(3, "0");
      same(`2001-05-06 07:08:09.${frac}+00`);
      same(`2001-05-06 07:08:09.${frac}456-07`);
    }
    const zones = ["+00", "+01", "-08", "+05:45", "-09:30", "+13", "-00:25:21"];
    let seed = 42;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed;
    };
    for (let i = 0; i < 2000; i++) {
      const d = new Date(
        Date.UTC(100, 0, 1) + (next() / 2 ** 31) * (Date.UTC(9999, 0, 1) - Date.UTC(100, 0, 1)),
      );
      const iso = d.toISOString();
      const micros = String(next() % 1_000_000)
        .padStart(6, "0")
        .replace(/0+$/, "");
      const zone = zones[i % zones.length];
      same(`${iso.slice(0, 10)} ${iso.slice(11, 19)}${micros ? `.${micros}` : ""}${zone}`);
    }
  });

  it("leaves other forms to pg's parser", () => {
    for (const text of [
      "infinity",
      "-infinity",
      "0001-01-01 00:00:00+00 BC",
      "0099-12-31 23:59:59+00",
      "0000-01-01 00:00:00+00",
      "12345-01-01 00:00:00+00",
      "2026-11-27 02:00:24+00 BC",
      "2026-11-27T02:00:24Z",
      "2026-11-27 02:00:24.+00",
    ]) {
      same(text);
    }
  });
});

describe("POOL_TYPES", () => {
  it("keeps int8 as its text and every other type as pg parses it", () => {
    const int8 = POOL_TYPES.getTypeParser(20, "text") as (text: string) => unknown;
    expect(int8("9223372036854775807")).toBe("9223372036854775807");
    expect(int8("-5")).toBe("-5");
    expect(POOL_TYPES.getTypeParser(1184, "text")).toBe(parseTimestamptz);
    for (const oid of [16, 21, 23, 25, 700, 701, 1082, 1114, 1700, 3802, 2950]) {
      expect(POOL_TYPES.getTypeParser(oid, "text")).toBe(pg.types.getTypeParser(oid, "text"));
    }
  });
});
