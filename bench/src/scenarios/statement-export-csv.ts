import pg from "pg";
import { to as copyTo } from "pg-copy-streams";
import { childrenRunning, cpuDuring } from "../cpu";
import { authHeader, type Figure, notRun, type Scenario } from "../scenario";
import { organisationOf, peakRssDuring, seedLedger } from "../seed/ledger-rows";

const LINES = 1_000_000;
/** The month the export scenarios' statement covers (far from any demo data). */
export const CSV_MONTH = new Date("2025-01-01T00:00:00Z");
const MB = 1024 * 1024;

/**
 * Scenario F (issue 9): a million-line statement exported as CSV through the gateway, against a bare
 * `COPY (SELECT ...) TO STDOUT` of the same lines on the same database.
 */
export const statementExportCsv: Scenario = {
  id: "F",
  title: "Statement CSV export, 1,000,000 lines, vs bare COPY TO STDOUT",
  method: [
    `A provider statement of ${LINES.toLocaleString("en")} lines, seeded with \`generate_series\` straight into`,
    "the settlements schema. `GET /marketplace/earnings/statements/{id}/export.csv` with the provider's",
    "bearer token, body read to the end as fast as the client can; time to the last byte, the lines",
    "counted. The settlements process's resident set size is sampled every 25 ms during the export: the",
    "goal is on its peak; growth = peak minus the size before. Baseline: the same lines, same join and order, as",
    "`COPY (SELECT ...) TO STDOUT (FORMAT csv, HEADER)` read by a bare pg client (no rendering, no gRPC,",
    "no HTTP).",
  ].join(" "),
  async run(ctx) {
    const seed = await seedLedger(ctx.databaseUrl, {
      providerOrganisationId: organisationOf(ctx.tokens.provider),
      month: CSV_MONTH,
      lines: LINES,
      log: (m) => ctx.log(`F: ${m}`),
    });
    const path = `/marketplace/earnings/statements/${seed.statementId}/export.csv`;
    const headers = authHeader(ctx.tokens.provider);
    const probe = await ctx.gateway.request({ method: "GET", path, headers });
    await probe.body.dump();
    if (probe.statusCode === 501) return notRun("the export route answers 501 (not built)");
    const settlementsPids = childrenRunning("services/settlements/src/main.ts");
    const gatewayPids = childrenRunning("gateway/src/main.ts");
    ctx.log("F: exporting through the gateway");
    let settlementsCpuMs = 0;
    let gatewayCpuMs = 0;
    const measured = await peakRssDuring(settlementsPids, async () => {
      // CPU time of each process over the export (load-independent, unlike the wall time).
      const g = await cpuDuring(gatewayPids, () => cpuDuring(settlementsPids, exportOnce));
      settlementsCpuMs = g.result.cpuMs;
      gatewayCpuMs = g.cpuMs;
      return g.result.result;
    });
    async function exportOnce() {
      const started = performance.now();
      const response = await ctx.gateway.request({ method: "GET", path, headers, bodyTimeout: 120_000 });
      if (response.statusCode !== 200) throw new Error(`export answered ${response.statusCode}`);
      let bytes = 0;
      let newlines = 0;
      for await (const chunk of response.body as AsyncIterable<Buffer>) {
        bytes += chunk.length;
        for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) newlines += 1;
      }
      return { ms: performance.now() - started, bytes, newlines };
    }
    ctx.log("F: baseline COPY TO STDOUT");
    const bare = await copyBaseline(ctx.databaseUrl, seed.statementId);
    const gw = measured.result;
    const growthMb = (measured.peak - measured.before) / MB;
    const figures: Figure[] = [
      {
        name: "export time (1,000,000 lines)",
        value: gw.ms / 1000,
        unit: "s",
        baseline: { name: "bare COPY TO STDOUT", value: bare.ms / 1000 },
        goal: { text: "<= 10 s", met: gw.ms <= 10_000 && gw.newlines === LINES + 2 },
      },
      ...(settlementsPids.length > 0
        ? [
            {
              name: "settlements peak RSS",
              value: measured.peak / MB,
              unit: "MB",
              goal: { text: "<= 150 MB", met: measured.peak / MB <= 150 },
            },
            { name: "settlements RSS growth (peak minus before)", value: growthMb, unit: "MB" },
          ]
        : []),
      ...(settlementsPids.length > 0
        ? [
            { name: "settlements CPU time", value: settlementsCpuMs / 1000, unit: "s" },
            { name: "gateway CPU time", value: gatewayCpuMs / 1000, unit: "s" },
          ]
        : []),
      {
        name: "throughput",
        value: gw.bytes / MB / (gw.ms / 1000),
        unit: "MB/s",
        baseline: { name: "bare COPY TO STDOUT", value: bare.bytes / MB / (bare.ms / 1000) },
      },
    ];
    return {
      status: "ran",
      figures,
      notes: [
        `rows received: ${gw.newlines} (header + ${LINES} lines + totals = ${LINES + 2}); ${(gw.bytes / MB).toFixed(1)} MB`,
        `settlements RSS before ${(measured.before / MB).toFixed(0)} MB, peak ${(measured.peak / MB).toFixed(0)} MB${settlementsPids.length === 0 ? " (no settlements process of ours to sample: attached stack)" : ""}`,
      ],
    };
  },
};

async function copyBaseline(databaseUrl: string, statementId: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const started = performance.now();
    // The statement id is a uuid read from the database: safe to inline (COPY takes no parameters).
    const stream = client.query(
      copyTo(`COPY (
        SELECT to_char(e.occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "occurredAt",
               e.line_kind AS kind, t.purchase_id AS "purchaseId", t.marketplace_item_id AS "marketplaceItemId",
               t.display_name AS "displayName", t.device_id AS "deviceId", t.gross, t.platform_fee AS "platformFee",
               e.amount AS share, t.currency
          FROM settlements.ledger_entries e JOIN settlements.ledger_transactions t ON t.id = e.transaction_id
         WHERE e.statement_id = '${statementId}'
         ORDER BY e.occurred_at, e.id) TO STDOUT (FORMAT csv, HEADER)`),
    );
    let bytes = 0;
    for await (const chunk of stream as AsyncIterable<Buffer>) bytes += chunk.length;
    return { ms: performance.now() - started, bytes };
  } finally {
    await client.end();
  }
}
