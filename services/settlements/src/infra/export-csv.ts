import { stringify } from "csv-stringify/sync";
import type { ExportLine, ExportStatementHeader } from "../application/export.ports";

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

const OPTIONS = { record_delimiter: "windows" } as const;

/**
 * A spreadsheet would run a cell starting with `=`, `+`, `-`, `@` (or a tab or carriage return) as a
 * formula; text typed by developers (item names) is prefixed with `'` when it starts so (OWASP CSV
 * injection). Numbers are never prefixed.
 */
export function neutraliseFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** Characters that make csv-stringify quote a field (delimiter, quote, line breaks). */
const NEEDS_QUOTING = /[",\r\n]/;

/**
 * One record as csv-stringify writes it. Most records have nothing to quote (ids, instants, integers and a
 * plain item name): those are joined directly, which is what csv-stringify would write for them, at a
 * fraction of its per-record cost (it dominated a million-line export); any record with a field to quote
 * goes through csv-stringify itself. A unit test holds the two to the same output.
 */
export function csvRecord(fields: string[]): string {
  for (const field of fields) if (NEEDS_QUOTING.test(field)) return stringify([fields], OPTIONS);
  return `${fields.join(",")}\r\n`;
}

/**
 * RFC 4180 CSV of a statement (CRLF line ends, quotes only where needed): a header row, one row per line in
 * order, then a totals row (`kind` = `total`: `gross` is the net gross (sales minus reversals), `platformFee`
 * the fees, `share` the statement's net). Amounts are integers in minor units. Yields one chunk per batch
 * of lines, so memory holds one batch; the totals are summed from the lines written, so they match them.
 */
export async function* renderStatementCsv(
  header: ExportStatementHeader,
  batches: AsyncIterable<ExportLine[]>,
): AsyncGenerator<Buffer> {
  yield Buffer.from(stringify([CSV_COLUMNS as unknown as string[]], OPTIONS), "utf8");
  let gross = 0n;
  let fees = 0n;
  let share = 0n;
  for await (const batch of batches) {
    let text = "";
    for (const line of batch) {
      gross += BigInt(line.gross);
      fees += BigInt(line.platformFee);
      share += BigInt(line.share);
      text += csvRecord([
        line.occurredAt,
        line.kind,
        line.purchaseId,
        line.marketplaceItemId,
        neutraliseFormula(line.displayName),
        line.deviceId,
        line.gross,
        line.platformFee,
        line.share,
        header.currency,
      ]);
    }
    yield Buffer.from(text, "utf8");
  }
  yield Buffer.from(
    stringify(
      [["", "total", "", "", "", "", gross.toString(), fees.toString(), share.toString(), header.currency]],
      OPTIONS,
    ),
    "utf8",
  );
}
