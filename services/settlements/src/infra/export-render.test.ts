import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { describe, expect, it } from "vitest";
import { CopyCsvRecords } from "./csv-copy-records";
import { CSV_CHUNK_BYTES, CSV_OPTIONS, neutraliseFormula, renderStatementCsv } from "./export-csv";
import { exportHeaderFixture } from "./export-header.fixture";
import { formatMinor, pageCount } from "./export-pdf";

const header = exportHeaderFixture;

/**
 * A record as PostgreSQL's `COPY ... (FORMAT csv)` writes it (the export's query sends empty text as NULL):
 * a field is quoted when it holds a comma, a quote, a CR or an LF, its quotes doubled; LF at the end. The
 * integration test holds the real COPY to the same output.
 */
const copied = (fields: string[]) =>
  `${fields.map((f) => (/[",\r\n]/.test(f) ? `"${f.replaceAll('"', '""')}"` : f)).join(",")}\n`;

const line = (n: number, gross: string, displayName = `Item "${n}", with comma`) => [
  `2026-10-0${n}T00:00:00.000Z`,
  gross.startsWith("-") ? "refund" : "sale",
  `p-${n}`,
  `i-${n}`,
  displayName,
  "00112233aabbccdd",
  gross,
  gross.startsWith("-") ? "-10" : "10",
  gross.startsWith("-") ? "-40" : "40",
];

async function collect(chunks: AsyncIterable<Buffer>): Promise<string> {
  const parts: Buffer[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return Buffer.concat(parts).toString("utf8");
}

/** The COPY output of `lines`, cut into pieces at the given byte offsets (anywhere, even inside a UTF-8 character). */
async function* cut(lines: string[][], at: number[] = []) {
  const bytes = Buffer.from(lines.map(copied).join(""), "utf8");
  let from = 0;
  for (const to of [...at.filter((n) => n > 0 && n < bytes.length).sort((a, b) => a - b), bytes.length]) {
    if (to > from) yield bytes.subarray(from, to);
    from = to;
  }
}

const expectedCsv = (lines: string[][], currency = "EUR") => {
  const sum = (column: number) => lines.reduce((total, r) => total + BigInt(r[column]!), 0n).toString();
  return stringify(
    [
      ["occurredAt", "kind", "purchaseId", "marketplaceItemId", "displayName", "deviceId", "gross"].concat([
        "platformFee",
        "share",
        "currency",
      ]),
      ...lines.map((r) => [...r, currency]),
      ["", "total", "", "", "", "", sum(6), sum(7), sum(8), currency],
    ],
    CSV_OPTIONS,
  );
};

describe("CSV rendering", () => {
  it("quotes per RFC 4180, ends rows with CRLF, sums the totals row from the lines", async () => {
    const csv = await collect(
      renderStatementCsv(header, cut([line(1, "100"), line(2, "-50"), line(3, "9007199254740993")], [150])),
    );
    expect(csv.split("\r\n")).toHaveLength(6);
    expect(csv).toContain('"Item ""1"", with comma"');
    const rows = parse(csv) as string[][];
    expect(rows[1]?.[4]).toBe('Item "1", with comma');
    expect(rows.at(-1)).toEqual(["", "total", "", "", "", "", "9007199254741043", "10", "40", "EUR"]);
  });

  it("writes exactly what csv-stringify writes for the whole file, however COPY's bytes are cut, in chunks of about 64 KiB", async () => {
    const names = [
      'Say "hi"',
      "a,b",
      "'=SUM(A1)",
      "line\nbreak",
      "cr\rhere",
      'q"\r\n"',
      "ünïcödé ☃",
      "",
      "x",
    ];
    // Up to 12 digits summed as doubles, longer ones as bigints.
    const amounts = [
      "1999",
      "-1000",
      "0",
      "999999999999",
      "-999999999999",
      "1099511627775",
      "9007199254740993",
    ];
    const rows: string[][] = [];
    // More than 4,096 lines: the money sums move their partial sums into bigints on the way.
    for (let n = 0; n < 5_000; n++) {
      const gross = amounts[n % amounts.length]!;
      rows.push([
        `2026-10-01T00:00:${String(n % 60).padStart(2, "0")}.000Z`,
        gross.startsWith("-") ? "refund" : "sale",
        `p-${n}`,
        `i-${n % 7}`,
        n % 3 === 0 ? "Weather" : names[n % names.length]!,
        n % 11 === 0 ? "dev,ice" : `${n}`.padStart(16, "0"),
        gross,
        amounts[(n + 1) % amounts.length]!,
        amounts[(n + 2) % amounts.length]!,
      ]);
    }
    const expected = expectedCsv(rows);
    const size = Buffer.byteLength(rows.map(copied).join(""));
    // Cut after every byte of a stretch of tricky records, then at random places.
    const everyByte = Array.from({ length: 2_000 }, (_, i) => 1_000 + i);
    const random = Array.from({ length: 300 }, () => Math.floor(Math.random() * size));
    for (const at of [[], everyByte, random]) {
      const chunks: Buffer[] = [];
      for await (const chunk of renderStatementCsv(header, cut(rows, at))) chunks.push(chunk);
      expect(Buffer.concat(chunks).toString("utf8")).toBe(expected);
      // The header row alone first, then full chunks (the next record did not fit), then the rest.
      const body = chunks.slice(1, -1).map((c) => c.length);
      expect(body.length).toBeGreaterThanOrEqual(4);
      for (const length of body) {
        expect(length).toBeLessThanOrEqual(CSV_CHUNK_BYTES);
        expect(length).toBeGreaterThan(CSV_CHUNK_BYTES - 200);
      }
    }
  }, 60_000);

  it("writes the currency as a CSV field and refuses output that is not the expected records", async () => {
    expect(await collect(renderStatementCsv({ ...header, currency: "E,R" }, cut([line(1, "5")])))).toBe(
      expectedCsv([line(1, "5")], "E,R"),
    );
    const records = new CopyCsvRecords("EUR", 1024);
    expect(() => records.push(Buffer.from("a,b,12,x\n"))).toThrow(/not an integer/);
    const short = new CopyCsvRecords("EUR", 1024);
    expect(() => short.push(Buffer.from("1,2\n"))).toThrow(/fewer fields/);
    const cutShort = new CopyCsvRecords("EUR", 1024);
    cutShort.push(Buffer.from('a,"b\n'));
    expect(() => cutShort.finish()).toThrow(/inside a record/);
  });

  it("neutralises spreadsheet formulas in text", () => {
    expect(neutraliseFormula("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(neutraliseFormula("@SUM")).toBe("'@SUM");
    expect(neutraliseFormula("Weather")).toBe("Weather");
  });
});

describe("PDF helpers", () => {
  it("formats minor units exactly in the currency's exponent", () => {
    expect(formatMinor(1999n, "EUR")).toBe("19.99");
    expect(formatMinor("-5", "EUR")).toBe("-0.05");
    expect(formatMinor(1999n, "JPY")).toBe("1999");
    expect(formatMinor(1999n, "KWD")).toBe("1.999");
    expect(formatMinor(9007199254740993n, "USD")).toBe("90071992547409.93");
  });

  it("knows the page count before rendering", () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(40)).toBe(1);
    expect(pageCount(41)).toBe(2);
    expect(pageCount(100)).toBe(2);
    expect(pageCount(101)).toBe(3);
  });
});
