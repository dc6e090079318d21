import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { describe, expect, it } from "vitest";
import type { ExportLine, ExportStatementHeader } from "../application/export.ports";
import { csvRecord, neutraliseFormula, renderStatementCsv } from "./export-csv";
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
const line = (n: number, gross: string, displayName = `Item "${n}", with comma`): ExportLine => ({
  id: `id-${n}`,
  occurredAt: `2026-10-0${n}T00:00:00.000Z`,
  kind: gross.startsWith("-") ? "refund" : "sale",
  purchaseId: `p-${n}`,
  marketplaceItemId: `i-${n}`,
  displayName,
  deviceId: "00112233aabbccdd",
  gross,
  platformFee: gross.startsWith("-") ? "-10" : "10",
  share: gross.startsWith("-") ? "-40" : "40",
});

async function collect(chunks: AsyncIterable<Buffer>): Promise<string> {
  const parts: Buffer[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return Buffer.concat(parts).toString("utf8");
}

async function* batches(...groups: ExportLine[][]) {
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
