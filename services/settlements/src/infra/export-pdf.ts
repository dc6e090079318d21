import { setImmediate as yieldToLoop } from "node:timers/promises";
import { CURRENCY_EXPONENTS } from "@mp/contracts";
import PDFDocument from "pdfkit";
import type { ExportLine, ExportStatementHeader, ExportTotals } from "../application/export.ports";

/** Lines on the first page (below the statement's header and totals) and on every other page. */
export const FIRST_PAGE_LINES = 40;
export const PAGE_LINES = 60;

/** Pages a statement of `lineCount` lines takes: known before the first page, so each can say "of m". */
export function pageCount(lineCount: number): number {
  return 1 + Math.ceil(Math.max(0, lineCount - FIRST_PAGE_LINES) / PAGE_LINES);
}

/** An amount in minor units as a decimal in the currency's exponent (1999 EUR -> 19.99), exactly. */
export function formatMinor(amount: bigint | string, currency: string): string {
  const exponent = CURRENCY_EXPONENTS[currency as keyof typeof CURRENCY_EXPONENTS] ?? 2;
  const value = BigInt(amount);
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(exponent + 1, "0");
  const whole = digits.slice(0, digits.length - exponent);
  const fraction = exponent > 0 ? `.${digits.slice(digits.length - exponent)}` : "";
  return `${negative ? "-" : ""}${whole}${fraction}`;
}

/** The standard PDF fonts encode Latin-1 only; other characters print as `?`. */
const latin1 = (text: string) => text.replace(/[^\x20-\x7e\xa0-\xff]/g, "?");
const fit = (text: string, width: number) =>
  text.length > width ? `${text.slice(0, width - 1)}~` : text.padEnd(width);
const day = (at: Date) => at.toISOString().slice(0, 10);

const PAGE = { width: 595.28, height: 841.89 }; // A4
const MARGIN = 40;
/** The footer sits below the table, inside the page's bottom margin (pdfkit adds a page for text beyond it). */
const MARGINS = { top: MARGIN, bottom: 12, left: MARGIN, right: MARGIN };
const ROW = 11.5;
const FONT_SIZE = 7.5;

const TABLE_HEAD = `${fit("Occurred (UTC)", 17)} ${fit("Kind", 10)} ${fit("Item", 26)} ${fit("Device", 16)} ${fit("Purchase", 8)} ${"Gross".padStart(11)} ${"Fee".padStart(10)} ${"Share".padStart(11)}`;

function tableRow(line: ExportLine, currency: string): string {
  const at = `${line.occurredAt.slice(0, 10)} ${line.occurredAt.slice(11, 16)}`;
  return `${fit(at, 17)} ${fit(line.kind, 10)} ${fit(latin1(line.displayName), 26)} ${fit(line.deviceId, 16)} ${fit(line.purchaseId.slice(0, 8), 8)} ${formatMinor(line.gross, currency).padStart(11)} ${formatMinor(line.platformFee, currency).padStart(10)} ${formatMinor(line.share, currency).padStart(11)}`;
}

/**
 * A statement as a PDF document: on the first page the statement's header (organisation, role, period,
 * currency, status, mode) and totals, then the lines as a table over as many pages as needed, "Page n of m"
 * at the foot of every page. The page count is computed from the line count before rendering (rows per
 * page are fixed), so pages are written out as they are finished (no `bufferPages`): memory holds one page
 * and one batch of lines whatever the statement's size. Yields the document's bytes page by page.
 */
export async function* renderStatementPdf(
  header: ExportStatementHeader,
  totals: ExportTotals,
  batches: AsyncIterable<ExportLine[]>,
): AsyncGenerator<Buffer> {
  const doc = new PDFDocument({
    size: "A4",
    margins: MARGINS,
    autoFirstPage: false,
    compress: true,
    info: { Title: `Statement ${header.id}`, Creator: "Infuse marketplace" },
  });
  const pending: Buffer[] = [];
  let ended = false;
  doc.on("data", (chunk: Buffer) => pending.push(chunk));
  doc.on("end", () => {
    ended = true;
  });
  const flush = async () => {
    // pdfkit pushes into its readable side; give it a turn to emit what it wrote, then hand it on.
    await yieldToLoop();
    if (pending.length === 0) return undefined;
    const out = Buffer.concat(pending);
    pending.length = 0;
    return out;
  };

  const pages = pageCount(totals.lineCount);
  let pageNumber = 0;
  let y = 0;
  let rowsLeft = 0;
  const money = (amount: bigint) => `${formatMinor(amount, header.currency)} ${header.currency}`;

  const startPage = () => {
    doc.addPage({ size: "A4", margins: MARGINS });
    pageNumber += 1;
    doc.font("Helvetica").fontSize(8).fillColor("#444444");
    doc.text(`Statement ${header.id}`, MARGIN, MARGIN - 20, { lineBreak: false });
    doc.text(`Page ${pageNumber} of ${pages}`, MARGIN, PAGE.height - MARGIN + 10, {
      width: PAGE.width - 2 * MARGIN,
      align: "right",
      lineBreak: false,
    });
    doc.fillColor("#000000");
    y = MARGIN;
    if (pageNumber === 1) {
      doc.font("Helvetica-Bold").fontSize(16).text("Settlement statement", MARGIN, y, { lineBreak: false });
      y += 28;
      const facts: [string, string][] = [
        ["Statement", header.id],
        ["Organisation", header.organisationId],
        ["Role", header.role],
        ["Period (UTC)", `${day(header.periodStart)} to ${day(new Date(header.periodEnd.getTime() - 1))}`],
        ["Currency", header.currency],
        ["Status", header.status],
        ["Mode", header.livemode ? "live" : "test"],
        ["Lines", String(totals.lineCount)],
      ];
      const sums: [string, string][] = [
        ["Gross sales", money(totals.grossSales)],
        ["Refunds", money(totals.refunds)],
        ["Platform fees", money(totals.platformFees)],
        ["Net", money(totals.net)],
      ];
      doc.fontSize(9);
      for (const [label, value] of facts) {
        doc.font("Helvetica-Bold").text(label, MARGIN, y, { lineBreak: false });
        doc.font("Helvetica").text(value, MARGIN + 90, y, { lineBreak: false });
        y += 13;
      }
      y += 8;
      doc.font("Helvetica-Bold").fontSize(11).text("Totals", MARGIN, y, { lineBreak: false });
      y += 16;
      doc.fontSize(9);
      for (const [label, value] of sums) {
        doc.font("Helvetica-Bold").text(label, MARGIN, y, { lineBreak: false });
        doc.font("Helvetica").text(value, MARGIN + 90, y, { lineBreak: false });
        y += 13;
      }
      y += 14;
      rowsLeft = FIRST_PAGE_LINES;
    } else {
      rowsLeft = PAGE_LINES;
    }
    doc.font("Courier-Bold").fontSize(FONT_SIZE).text(TABLE_HEAD, MARGIN, y, { lineBreak: false });
    y += ROW + 2;
    doc.font("Courier");
  };

  startPage();
  let written = 0;
  for await (const batch of batches) {
    for (const line of batch) {
      // A line beyond the count taken at the start cannot be (same snapshot); never add an uncounted page.
      if (written >= totals.lineCount) break;
      if (rowsLeft === 0) {
        startPage();
        const out = await flush();
        if (out) yield out;
      }
      doc.text(tableRow(line, header.currency), MARGIN, y, { lineBreak: false });
      y += ROW;
      rowsLeft -= 1;
      written += 1;
    }
  }
  if (totals.lineCount === 0)
    doc.font("Helvetica").fontSize(9).text("No lines.", MARGIN, y, { lineBreak: false });
  doc.end();
  while (!ended) {
    const out = await flush();
    if (out) yield out;
  }
  const out = await flush();
  if (out) yield out;
}
