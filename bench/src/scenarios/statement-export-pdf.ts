import PDFDocument from "pdfkit";
import pg from "pg";
import { authHeader, type Figure, notRun, type Scenario } from "../scenario";
import { organisationOf, seedLedger } from "../seed/ledger-rows";

const LINES = 10_000;
const PDF_MONTH = new Date("2025-02-01T00:00:00Z");
const ROWS_PER_PAGE = 60;

/**
 * Scenario G (issue 9): a 10,000-line statement exported as PDF through the gateway, against a bare
 * pdfkit render of the same rows already in memory.
 */
export const statementExportPdf: Scenario = {
  id: "G",
  title: "Statement PDF export, 10,000 lines, vs bare pdfkit render",
  method: [
    `A provider statement of ${LINES.toLocaleString("en")} lines seeded with \`generate_series\` into the`,
    "settlements schema. `GET /marketplace/earnings/statements/{id}/export.pdf` with the provider's bearer",
    "token, time to the last byte, 3 runs, the median reported. Baseline: the same rows, read once into",
    `memory, rendered by a bare pdfkit document (one Courier text line per row, ${ROWS_PER_PAGE} rows a page, no`,
    "header, totals or page numbers), median of 3.",
  ].join(" "),
  async run(ctx) {
    const seed = await seedLedger(ctx.databaseUrl, {
      providerOrganisationId: organisationOf(ctx.tokens.provider),
      month: PDF_MONTH,
      lines: LINES,
      log: (m) => ctx.log(`G: ${m}`),
    });
    const path = `/marketplace/earnings/statements/${seed.statementId}/export.pdf`;
    const headers = authHeader(ctx.tokens.provider);
    const runs: { ms: number; bytes: number }[] = [];
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      const response = await ctx.gateway.request({ method: "GET", path, headers, bodyTimeout: 60_000 });
      if (response.statusCode === 501) {
        await response.body.dump();
        return notRun("the export route answers 501 (not built)");
      }
      if (response.statusCode !== 200) throw new Error(`export answered ${response.statusCode}`);
      const bytes = (await response.body.arrayBuffer()).byteLength;
      runs.push({ ms: performance.now() - started, bytes });
    }
    const rows = await readRows(ctx.databaseUrl, seed.statementId);
    const bare: number[] = [];
    for (let i = 0; i < 3; i++) bare.push(await bareRender(rows));
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const gwMs = median(runs.map((r) => r.ms));
    const figures: Figure[] = [
      {
        name: "export time (10,000 lines)",
        value: gwMs / 1000,
        unit: "s",
        baseline: { name: "bare pdfkit render (rows in memory)", value: median(bare) / 1000 },
        goal: { text: "<= 5 s", met: gwMs <= 5_000 },
      },
    ];
    return {
      status: "ran",
      figures,
      notes: [
        `runs: ${runs.map((r) => `${(r.ms / 1000).toFixed(2)} s`).join(", ")}; document ${(runs[0]!.bytes / 1024).toFixed(0)} KiB`,
        `bare runs: ${bare.map((ms) => `${(ms / 1000).toFixed(2)} s`).join(", ")}`,
      ],
    };
  },
};

async function readRows(databaseUrl: string, statementId: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ line: string }>(
      `SELECT concat_ws(' ', to_char(e.occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI'), e.line_kind,
                        t.display_name, t.device_id, left(t.purchase_id::text, 8), t.gross, t.platform_fee, e.amount) AS line
         FROM settlements.ledger_entries e JOIN settlements.ledger_transactions t ON t.id = e.transaction_id
        WHERE e.statement_id = $1 ORDER BY e.occurred_at, e.id`,
      [statementId],
    );
    return rows.map((r) => r.line);
  } finally {
    await client.end();
  }
}

function bareRender(rows: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const doc = new PDFDocument({ size: "A4", margin: 40, autoFirstPage: false });
    doc.on("data", () => {});
    doc.on("end", () => resolve(performance.now() - started));
    doc.on("error", reject);
    rows.forEach((row, i) => {
      if (i % ROWS_PER_PAGE === 0) doc.addPage().font("Courier").fontSize(7.5);
      doc.text(row, 40, 40 + (i % ROWS_PER_PAGE) * 11.5, { lineBreak: false });
    });
    doc.end();
  });
}
