import { stringify } from "csv-stringify/sync";
import type { ExportStatementHeader } from "../application/export.ports";
import { CopyCsvRecords } from "./csv-copy-records";

export const CSV_COLUMNS = [
  "occurredAt",
  "kind",
  "purchaseId",
  "marketplaceItemId",
  "displayName",
  "deviceId",
  "gross",
  "platformFee",
  "share",
  "currency",
] as const;

/**
 * CRLF after each record, and a field holding a CR or an LF quoted (RFC 4180: a field with a line break is
 * quoted). csv-stringify with `record_delimiter: "windows"` alone quotes only a field holding CRLF, so a
 * name with a bare LF or CR would break its row; PostgreSQL's COPY quotes both, as these options do.
 */
export const CSV_OPTIONS = { record_delimiter: "windows", quote_record_delimiter: true } as const;

/**
 * A spreadsheet would run a cell starting with `=`, `+`, `-`, `@` (or a tab or carriage return) as a
 * formula; text typed by developers (item names) is prefixed with `'` when it starts so (OWASP CSV
 * injection). Numbers are never prefixed. The export's query applies the same rule in SQL (see
 * `export-lines.repository.ts`); an integration test holds the two together.
 */
export function neutraliseFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** Rendered bytes are handed on in chunks of about this size (one gRPC message each). */
export const CSV_CHUNK_BYTES = 64 * 1024;

/**
 * RFC 4180 CSV of a statement (CRLF line ends, quotes only where needed): a header row, one row per line in
 * order, then a totals row (`kind` = `total`: `gross` is the net gross (sales minus reversals), `platformFee`
 * the fees, `share` the statement's net). Amounts are integers in minor units. The totals are summed from
 * the lines written, so they match them. The output is what csv-stringify writes for the same fields.
 *
 * `copied` is the lines as PostgreSQL's COPY wrote them (`StatementSnapshot.csv`): they are passed on with
 * the currency column and CRLF added (`CopyCsvRecords`), so no line becomes a JavaScript value. Yields the
 * header row at once (the export is answered before PostgreSQL has sorted the lines), then chunks of about
 * `CSV_CHUNK_BYTES`, pulled one at a time: a slow reader holds back the COPY itself.
 */
export async function* renderStatementCsv(
  header: ExportStatementHeader,
  copied: AsyncIterable<Buffer>,
): AsyncGenerator<Buffer> {
  const currency = header.currency;
  yield Buffer.from(stringify([CSV_COLUMNS as unknown as string[]], CSV_OPTIONS), "utf8");
  const records = new CopyCsvRecords(
    stringify([[currency]], { ...CSV_OPTIONS, record_delimiter: "" }),
    CSV_CHUNK_BYTES,
  );
  for await (const input of copied) for (const chunk of records.push(input)) yield chunk;
  const last = records.finish();
  const [gross, fees, share] = records.sums.sums();
  const totals = stringify([["", "total", "", "", "", "", gross, fees, share, currency]], CSV_OPTIONS);
  yield Buffer.concat([last, Buffer.from(totals, "utf8")]);
}
