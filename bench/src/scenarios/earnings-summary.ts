import pg from "pg";
import { getOk, httpPool } from "../load/http";
import { runOpenLoop } from "../load/open-loop";
import { authHeader, type BenchContext, type Figure, notRun, type Scenario } from "../scenario";
import { organisationOf, seedLedger } from "../seed/ledger-rows";
import { Histogram, summarise } from "../stats/histogram";
import { CSV_MONTH } from "./statement-export-csv";

const ROWS = 1_000_000;
const FIXED_RATE = 50;
/** Partial first and last days on purpose: the edges are read raw, the whole days from the aggregate. */
const START = "2025-01-01T06:00:00Z";
const END = "2025-01-31T18:00:00Z";
const PATH = `/marketplace/providers/earnings/summary?startUtc=${START}&endUtc=${END}&livemode=false`;
const BARE_RUNS = 20;

/**
 * Scenario H (issue 9): the provider's earnings summary over a million ledger rows at a fixed rate,
 * against a bare SQL sum over the raw rows of the same window.
 */
export const earningsSummary: Scenario = {
  id: "H",
  title: "Earnings summary over 1,000,000 ledger rows vs bare SQL sum",
  method: [
    `${ROWS.toLocaleString("en")} ledger movements of the demo provider in one month (the rows of scenario F),`,
    `seeded with \`generate_series\`. \`GET ${PATH}\` with the provider's bearer token at ${FIXED_RATE}`,
    "requests/s (open loop, latency from each request's scheduled send time); the window cuts the first and",
    "last day, so both paths of the query run (aggregate days and raw edge rows). Baseline: the plain SQL",
    `sum of the same definitions over the raw rows of the same window (no aggregate), ${BARE_RUNS} runs one`,
    "after another on one connection.",
  ].join(" "),
  async run(ctx) {
    const organisation = organisationOf(ctx.tokens.provider);
    await seedLedger(ctx.databaseUrl, {
      providerOrganisationId: organisation,
      month: CSV_MONTH,
      lines: ROWS,
      log: (m) => ctx.log(`H: ${m}`),
    });
    const headers = authHeader(ctx.tokens.provider);
    const probe = await ctx.gateway.request({ method: "GET", path: PATH, headers });
    const body = await probe.body.text();
    if (probe.statusCode === 501) return notRun("the summary route answers 501 (not built)");
    if (probe.statusCode !== 200)
      throw new Error(`summary answered ${probe.statusCode}: ${body.slice(0, 200)}`);
    const bare = await bareSum(ctx, organisation);
    ctx.log(`H: p99 at ${FIXED_RATE} requests/s, ${ctx.durations.openLoopMs / 1000} s`);
    const pool = httpPool(ctx.gatewayUrl, 64);
    let result: Awaited<ReturnType<typeof runOpenLoop>>;
    try {
      result = await runOpenLoop({
        rate: FIXED_RATE,
        durationMs: ctx.durations.openLoopMs,
        warmupMs: ctx.durations.warmupMs,
        operation: () => getOk(pool, PATH, headers).then(() => undefined),
      });
    } finally {
      await pool.close();
    }
    const gw = summarise(result.latency);
    const failures = result.failed + result.dropped + result.timedOut;
    const figures: Figure[] = [
      {
        name: `p99 at ${FIXED_RATE} req/s`,
        value: gw.p99,
        unit: "ms",
        baseline: { name: "bare SQL sum over raw rows (sequential)", value: bare.p99 },
        goal: { text: "<= 100 ms", met: gw.p99 <= 100 && failures === 0 },
        failures,
      },
      {
        name: `p50 at ${FIXED_RATE} req/s`,
        value: gw.p50,
        unit: "ms",
        baseline: { name: "bare SQL sum over raw rows (sequential)", value: bare.p50 },
      },
    ];
    return {
      status: "ran",
      figures,
      notes: [
        `answer: ${body.slice(0, 240)}`,
        `open loop achieved rate ${result.achievedRate.toFixed(0)}/s${result.firstError ? `; first error: ${result.firstError}` : ""}`,
      ],
    };
  },
};

async function bareSum(ctx: BenchContext, organisation: string) {
  const client = new pg.Client({ connectionString: ctx.databaseUrl });
  await client.connect();
  const latency = new Histogram();
  try {
    for (let i = 0; i < BARE_RUNS; i++) {
      const started = performance.now();
      await client.query(
        `SELECT currency, coalesce(sum(gross) FILTER (WHERE kind = 'sale'), 0) AS gross_sales,
                coalesce(sum(-gross) FILTER (WHERE gross < 0), 0) AS refunds, sum(platform_fee) AS platform_fees,
                sum(developer_share) AS developer_costs, sum(provider_share) AS net_earnings,
                count(*) FILTER (WHERE kind = 'sale') AS purchase_count
           FROM settlements.ledger_transactions
          WHERE provider_organisation_id = $1 AND NOT livemode AND occurred_at >= $2 AND occurred_at < $3
          GROUP BY currency`,
        [organisation, START, END],
      );
      latency.record(performance.now() - started);
    }
  } finally {
    await client.end();
  }
  return summarise(latency);
}
