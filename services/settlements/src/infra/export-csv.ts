import { stringify } from "csv-stringify/sync";
import type { ExportRow, ExportStatementHeader } from "../application/export.ports";

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

/**
 * Rendered text is handed on in chunks of about this many characters (one gRPC message each). Larger
 * messages cost the gateway more: with 256 KiB its CPU time for a million lines tripled (bench F).
 */
export const CSV_CHUNK_CHARS = 64 * 1024;

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
 * The totals row's sums, read from each line's `gross,platformFee,share` text without making a string per
 * amount. An amount of at most 12 digits (below 2^40) is added to a double, exact while a partial sum holds
 * at most 2^12 of them (below 2^52); every 2^12 lines the partial sums move into bigints. A longer amount
 * goes straight to its bigint. Exact for any bigint column.
 */
const SMALL_DIGITS = 12;
const FLUSH_EVERY = 4096;
const COMMA = 44;
const MINUS = 45;
const ZERO = 48;

class AmountSums {
  private readonly partial = [0, 0, 0];
  private readonly total = [0n, 0n, 0n];
  private lines = 0;

  add(amounts: string): void {
    let column = 0;
    let start = 0;
    let value = 0;
    let digits = 0;
    let negative = false;
    for (let i = 0; i <= amounts.length; i++) {
      const c = i < amounts.length ? amounts.charCodeAt(i) : COMMA;
      if (c === COMMA) {
        if (digits > SMALL_DIGITS) this.total[column]! += BigInt(amounts.slice(start, i));
        else this.partial[column]! += negative ? -value : value;
        column += 1;
        start = i + 1;
        value = 0;
        digits = 0;
        negative = false;
      } else if (c === MINUS) negative = true;
      else {
        value = value * 10 + (c - ZERO);
        digits += 1;
      }
    }
    if (++this.lines === FLUSH_EVERY) this.flush();
  }

  /** Gross, platform fee and share, as decimal strings. */
  sums(): [string, string, string] {
    this.flush();
    return [this.total[0]!.toString(), this.total[1]!.toString(), this.total[2]!.toString()];
  }

  private flush(): void {
    for (let column = 0; column < 3; column++) {
      this.total[column]! += BigInt(this.partial[column]!);
      this.partial[column] = 0;
    }
    this.lines = 0;
  }
}

/**
 * RFC 4180 CSV of a statement (CRLF line ends, quotes only where needed): a header row, one row per line in
 * order, then a totals row (`kind` = `total`: `gross` is the net gross (sales minus reversals), `platformFee`
 * the fees, `share` the statement's net). Amounts are integers in minor units. The totals are summed from
 * the lines written, so they match them.
 *
 * Yields the header row at once (the export is answered before PostgreSQL has sorted the lines), then
 * chunks of about `CSV_CHUNK_CHARS`, so memory holds one chunk besides the batches of rows. A line is
 * written with csv-stringify when one of its text fields (item name, device id, the currency) needs
 * quoting; the others are joined directly, which is what csv-stringify writes for them, at a fraction of
 * its per-record cost (see `ExportRow` for why the other fields never need quoting).
 */
export async function* renderStatementCsv(
  header: ExportStatementHeader,
  batches: AsyncIterable<ExportRow[]>,
): AsyncGenerator<Buffer> {
  const currency = header.currency;
  const plainCurrency = !NEEDS_QUOTING.test(currency);
  const end = `,${currency}\r\n`;
  const sums = new AmountSums();
  yield Buffer.from(stringify([CSV_COLUMNS as unknown as string[]], OPTIONS), "utf8");
  let text = "";
  for await (const batch of batches) {
    for (const row of batch) {
      const fixed = row[0];
      const displayName = neutraliseFormula(row[1]);
      const deviceId = row[2];
      const amounts = row[3];
      sums.add(amounts);
      if (plainCurrency && !NEEDS_QUOTING.test(displayName) && !NEEDS_QUOTING.test(deviceId))
        text += `${fixed},${displayName},${deviceId},${amounts}${end}`;
      else text += csvRecord([...fixed.split(","), displayName, deviceId, ...amounts.split(","), currency]);
      if (text.length >= CSV_CHUNK_CHARS) {
        yield Buffer.from(text, "utf8");
        text = "";
      }
    }
  }
  const [gross, fees, share] = sums.sums();
  text += stringify([["", "total", "", "", "", "", gross, fees, share, currency]], OPTIONS);
  yield Buffer.from(text, "utf8");
}
