import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { describe, expect, it } from "vitest";
import type { ExportRow, ExportStatementHeader } from "../application/export.ports";
import { CSV_CHUNK_CHARS, csvRecord, neutraliseFormula, renderStatementCsv } from "./export-csv";
import { formatMinor, pageCount } from "./export-pdf";

const header: ExportStatementHeader = {
  id: "0193a1b2-0000-7000-8000-0000000000e1",
  organisationId: "0193a1b2-0000-7000-8000-00000000000a",
  role: "provider",
  currency: "EUR",
  livemode: false,
  periodStart: new Date("2026-10-01T00:00:00Z"),
  periodEnd: new Date("2026-11-01T00:00:00Z"),
  status: "open",
};
/** The nine fields of a line (all but the currency) as the four pieces `ExportRow` reads them in. */
const toRow = (f: string[]): ExportRow => [f.slice(0, 4).join(","), f[4]!, f[5]!, f.slice(6).join(",")];
const line = (n: number, gross: string, displayName = `Item "${n}", with comma`): ExportRow =>
  toRow([
    `2026-10-0${n}T00:00:00.000Z`,
    gross.startsWith("-") ? "refund" : "sale",
    `p-${n}`,
    `i-${n}`,
    displayName,
    "00112233aabbccdd",
    gross,
    gross.startsWith("-") ? "-10" : "10",
    gross.startsWith("-") ? "-40" : "40",
  ]);

async function collect(chunks: AsyncIterable<Buffer>): Promise<string> {
  const parts: Buffer[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return Buffer.concat(parts).toString("utf8");
}

async function* batches(...groups: ExportRow[][]) {
  for (const group of groups) yield group;
}

describe("CSV rendering", () => {
  it("quotes per RFC 4180, ends rows with CRLF, sums the totals row from the lines", async () => {
    const csv = await collect(
      renderStatementCsv(header, batches([line(1, "100"), line(2, "-50")], [line(3, "9007199254740993")])),
    );
    expect(csv.split("\r\n")).toHaveLength(6);
    expect(csv).toContain('"Item ""1"", with comma"');
    const rows = parse(csv) as string[][];
    expect(rows[1]?.[4]).toBe('Item "1", with comma');
    expect(rows.at(-1)).toEqual(["", "total", "", "", "", "", "9007199254741043", "10", "40", "EUR"]);
  });

  it("writes exactly what csv-stringify writes for the whole file, in chunks of about 64 KiB", async () => {
    const names = ["Weather", 'Say "hi"', "a,b", "=SUM(A1)", "line\nbreak", "ünïcödé ☃", "", "-minus"];
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
        names[n % names.length]!,
        n % 11 === 0 ? "dev,ice" : `${n}`.padStart(16, "0"),
        gross,
        amounts[(n + 1) % amounts.length]!,
        amounts[(n + 2) % amounts.length]!,
      ]);
    }
    const chunks: Buffer[] = [];
    const exported = rows.map(toRow);
    for await (const chunk of renderStatementCsv(
      header,
      batches(exported.slice(0, 1_000), exported.slice(1_000)),
    ))
      chunks.push(chunk);

    const sum = (column: number) => rows.reduce((total, r) => total + BigInt(r[column]!), 0n).toString();
    const expected = stringify(
      [
        ["occurredAt", "kind", "purchaseId", "marketplaceItemId", "displayName", "deviceId", "gross"].concat([
          "platformFee",
          "share",
          "currency",
        ]),
        ...rows.map((r) => [r[0], r[1], r[2], r[3], neutraliseFormula(r[4]!), r[5], r[6], r[7], r[8], "EUR"]),
        ["", "total", "", "", "", "", sum(6), sum(7), sum(8), "EUR"],
      ],
      { record_delimiter: "windows" },
    );
    expect(Buffer.concat(chunks).toString("utf8")).toBe(expected);
    // The header row alone first, then chunks of at least CSV_CHUNK_CHARS (but one line more), then the rest.
    const body = chunks.slice(1, -1).map((c) => c.toString("utf8").length);
    expect(body.length).toBeGreaterThanOrEqual(4);
    for (const length of body) {
      expect(length).toBeGreaterThanOrEqual(CSV_CHUNK_CHARS);
      expect(length).toBeLessThan(CSV_CHUNK_CHARS + 200);
    }
  }, 60_000);

  it("writes every record exactly as csv-stringify does", () => {
    const names = [
      "Weather",
      'Say "hi"',
      "a,b",
      "line\nbreak",
      "cr\rhere",
      " padded ",
      "ünïcödé ☃",
      "",
      "'=1+1",
      "tab\there",
    ];
    for (const name of names) {
      const fields = [
        "2026-10-01T00:00:00.000Z",
        "sale",
        "p",
        "i",
        name,
        "00112233aabbccdd",
        "-5",
        "0",
        "12",
        "EUR",
      ];
      expect(csvRecord(fields)).toBe(stringify([fields], { record_delimiter: "windows" }));
    }
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
