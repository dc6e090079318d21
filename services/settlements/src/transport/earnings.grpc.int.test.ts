import type { EarningsProto, Principal } from "@mp/contracts";
import { withTransaction } from "@mp/db";
import { createUnaryClient, loadProto } from "@mp/grpc";
import { testLogger } from "@mp/logger";
import { type RunningService, startService } from "@mp/runtime";
import { ephemeralMesh, freshInfra, type TestInfra, type TestMesh } from "@mp/testing";
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertMovement, insertStatement } from "../infra/earnings.fixture";
import { CSV_COLUMNS, CSV_OPTIONS, neutraliseFormula } from "../infra/export-csv";
import { FIRST_PAGE_LINES, PAGE_LINES } from "../infra/export-pdf";
import { settlementsService } from "../module";
import { settlementsEnv } from "../testing/settlements-env";

const proto = loadProto<EarningsProto>("marketplace/settlements/v1/earnings.proto").marketplace.settlements
  .v1;
const id = (n: number) => `0193a1b2-0000-7000-8000-${n.toString(16).padStart(12, "0")}`;
const PROVIDER = id(0xa1);
const OTHER_PROVIDER = id(0xa2);
const DEVELOPER = id(0xd1);
const INSTANCE = id(0x11);
const INSTANCE_2 = id(0x12);
const ITEM_A = id(0x1a);
const ITEM_B = id(0x1b);

const principal = (organisationId: string, roles: Principal["roles"]): Principal => ({
  subject: `user-${roles.join("-")}`,
  organisationId,
  roles,
  via: "jwt",
});
const provider = principal(PROVIDER, ["provider"]);
/** `PLATFORM_ORGANISATION_ID` of this service: its admins are the platform operator. */
const OPERATOR_ORG = id(0xad);
const operator = principal(OPERATOR_ORG, ["admin"]);
/** An admin, but of the provider's organisation, not the platform's. */
const providerAdmin = principal(PROVIDER, ["provider", "admin"]);
const as = (p: Principal) => ({ principal: p, requestId: "int" });

let infra: TestInfra;
let mesh: TestMesh;
let settlements: RunningService;
let client: ReturnType<typeof createUnaryClient<InstanceType<typeof proto.EarningsService>>>;
let providerStatement: string;
let developerStatement: string;

const at = (iso: string) => new Date(iso);
const base = { provider: PROVIDER, developer: DEVELOPER, instance: INSTANCE };

beforeAll(async () => {
  infra = await freshInfra("earnings");
  mesh = await ephemeralMesh();
  settlements = await startService(
    settlementsService,
    settlementsEnv(infra, mesh, "whsec_int_current_000000000000000", {
      PLATFORM_ORGANISATION_ID: OPERATOR_ORG,
    }),
    { logger: testLogger("settlements") },
  );
  client = createUnaryClient(proto.EarningsService, `127.0.0.1:${settlements.grpcPort}`, {
    upstream: "settlements",
    identity: mesh.gateway,
    deadlineMs: 30_000,
  });
  const pool = settlements.pool;
  const october = at("2026-10-01T00:00:00Z");
  providerStatement = await insertStatement(pool, {
    organisationId: PROVIDER,
    role: "provider",
    periodStart: october,
  });
  developerStatement = await insertStatement(pool, {
    organisationId: DEVELOPER,
    role: "developer",
    periodStart: october,
  });
  const statements = { providerStatement, developerStatement };
  // EUR, test mode: two sales and a partial refund of the first.
  await insertMovement(pool, {
    ...base,
    ...statements,
    kind: "sale",
    item: ITEM_A,
    displayName: "Weather",
    gross: 1000,
    platformFee: 100,
    developerShare: 500,
    occurredAt: at("2026-10-15T10:00:00Z"),
  });
  await insertMovement(pool, {
    ...base,
    ...statements,
    kind: "sale",
    item: ITEM_B,
    displayName: "=Tracker",
    gross: 2000,
    platformFee: 200,
    developerShare: 1000,
    occurredAt: at("2026-10-20T12:00:00Z"),
  });
  await insertMovement(pool, {
    ...base,
    ...statements,
    kind: "refund",
    item: ITEM_A,
    displayName: "Weather Pro",
    gross: -500,
    platformFee: -50,
    developerShare: -250,
    occurredAt: at("2026-10-21T08:30:00Z"),
  });
  // USD in November; live mode; another provider; another instance.
  await insertMovement(pool, {
    ...base,
    kind: "sale",
    item: ITEM_A,
    currency: "USD",
    gross: 3000,
    platformFee: 300,
    developerShare: 1500,
    occurredAt: at("2026-11-02T23:00:00Z"),
  });
  await insertMovement(pool, {
    ...base,
    kind: "sale",
    item: ITEM_A,
    livemode: true,
    gross: 9999,
    platformFee: 999,
    developerShare: 5000,
    occurredAt: at("2026-10-16T00:00:00Z"),
  });
  await insertMovement(pool, {
    ...base,
    provider: OTHER_PROVIDER,
    instance: INSTANCE_2,
    kind: "sale",
    item: ITEM_B,
    gross: 700,
    platformFee: 70,
    developerShare: 300,
    occurredAt: at("2026-10-05T00:00:00Z"),
  });
}, 120_000);

afterAll(async () => {
  client?.close();
  await settlements?.stop();
  await infra?.cleanup();
});

const summary = (window: { startUtc?: string; endUtc?: string; livemode?: boolean }, p = provider) =>
  client.call("getEarningsSummary", { window: { startUtc: "", endUtc: "", ...window } }, as(p));

const totals = (r: Awaited<ReturnType<typeof summary>>) =>
  r.totals.map((t) => ({
    ...t,
    grossSales: Number(t.grossSales),
    refunds: Number(t.refunds),
    platformFees: Number(t.platformFees),
    developerCosts: Number(t.developerCosts),
    netEarnings: Number(t.netEarnings),
  }));

describe("earnings summary (provider role)", () => {
  it("sums the caller's movements per currency in the default (test) mode, unbounded when no window", async () => {
    const result = await summary({});
    expect(result.startUtc).toBe("");
    expect(totals(result)).toEqual([
      {
        currency: "EUR",
        grossSales: 3000,
        refunds: 500,
        platformFees: 250,
        developerCosts: 1250,
        netEarnings: 1000,
        purchaseCount: 2,
      },
      {
        currency: "USD",
        grossSales: 3000,
        refunds: 0,
        platformFees: 300,
        developerCosts: 1500,
        netEarnings: 1200,
        purchaseCount: 1,
      },
    ]);
    expect(totals(await summary({ livemode: true }))).toEqual([
      expect.objectContaining({ currency: "EUR", grossSales: 9999, netEarnings: 4000, purchaseCount: 1 }),
    ]);
  });

  it("combines whole days from the aggregate with raw edge days, to the millisecond", async () => {
    // A's sale lies 1 ms before the window; the refund 1 ms before its end; B's sale on a whole day.
    const result = await summary({
      startUtc: "2026-10-15T10:00:00.001Z",
      endUtc: "2026-10-21T08:30:00.001Z",
    });
    expect(result.startUtc).toBe("2026-10-15T10:00:00.001Z");
    expect(totals(result)).toEqual([
      expect.objectContaining({
        currency: "EUR",
        grossSales: 2000,
        refunds: 500,
        netEarnings: 600,
        purchaseCount: 1,
      }),
    ]);
    // Within one day: raw rows only.
    expect(
      totals(await summary({ startUtc: "2026-10-20T12:00:00Z", endUtc: "2026-10-21T08:30:00Z" })),
    ).toEqual([expect.objectContaining({ currency: "EUR", grossSales: 2000, refunds: 0, purchaseCount: 1 })]);
  });

  it("refuses a reversed window and callers without the provider role", async () => {
    await expect(
      summary({ startUtc: "2026-10-02T00:00:00Z", endUtc: "2026-10-01T00:00:00Z" }),
    ).rejects.toMatchObject({
      code: "validation-failed",
      extensions: { errors: { "query.endUtc": expect.any(Array) } },
    });
    await expect(summary({}, principal(PROVIDER, ["developer"]))).rejects.toMatchObject({
      code: "forbidden",
    });
  });
});

describe("earnings timeseries", () => {
  const series = (interval: string, startUtc: string, endUtc: string) =>
    client.call("getEarningsTimeseries", { interval, window: { startUtc, endUtc } }, as(provider));

  it("zero-fills every day bucket for every currency the provider has", async () => {
    const result = await series("day", "2026-10-14T00:00:00Z", "2026-10-22T00:00:00Z");
    expect(result.interval).toBe("day");
    expect(result.points).toHaveLength(16);
    const point = (day: string, currency: string) =>
      result.points.find((p) => p.periodStart === `${day}T00:00:00.000Z` && p.currency === currency);
    expect(point("2026-10-15", "EUR")).toMatchObject({
      grossSales: "1000",
      netEarnings: "400",
      purchaseCount: 1,
    });
    expect(point("2026-10-21", "EUR")).toMatchObject({
      grossSales: "0",
      netEarnings: "-200",
      purchaseCount: 0,
    });
    expect(point("2026-10-14", "EUR")).toMatchObject({ grossSales: "0", netEarnings: "0", purchaseCount: 0 });
    expect(point("2026-10-15", "USD")).toMatchObject({ grossSales: "0" });
  });

  it("starts weeks on Monday (UTC) and months on the first", async () => {
    const weeks = await series("week", "2026-10-01T00:00:00Z", "2026-11-03T00:00:00Z");
    const eur = weeks.points.filter((p) => p.currency === "EUR");
    expect(eur.map((p) => p.periodStart.slice(0, 10))).toEqual([
      "2026-09-28",
      "2026-10-05",
      "2026-10-12",
      "2026-10-19",
      "2026-10-26",
      "2026-11-02",
    ]);
    expect(eur[2]).toMatchObject({ grossSales: "1000", netEarnings: "400" });
    expect(eur[3]).toMatchObject({ grossSales: "2000", netEarnings: "600" });
    const months = await series("month", "2026-10-10T00:00:00Z", "2026-11-10T00:00:00Z");
    expect(months.points.map((p) => [p.periodStart.slice(0, 10), p.currency, p.netEarnings])).toEqual([
      ["2026-10-01", "EUR", "1000"],
      ["2026-10-01", "USD", "0"],
      ["2026-11-01", "EUR", "0"],
      ["2026-11-01", "USD", "1200"],
    ]);
  });

  it("bounds the number of buckets and refuses an unknown interval, naming the field", async () => {
    await expect(series("day", "2025-01-01T00:00:00Z", "2026-03-01T00:00:00Z")).rejects.toMatchObject({
      code: "validation-failed",
      extensions: { errors: { "query.startUtc": [expect.stringContaining("at most 400")] } },
    });
    await expect(series("month", "2000-01-01T00:00:00Z", "2026-03-01T00:00:00Z")).rejects.toMatchObject({
      extensions: { errors: { "query.startUtc": [expect.stringContaining("at most 120")] } },
    });
    await expect(series("year", "", "")).rejects.toMatchObject({
      extensions: { errors: { "query.interval": expect.any(Array) } },
    });
  });

  it("defaults to the last 30 days", async () => {
    const result = await series("day", "", "");
    expect(result.points.length).toBe(31 * 2);
  });
});

describe("earnings per item", () => {
  const apps = (request: Record<string, unknown> = {}) =>
    client.call(
      "listAppEarnings",
      { window: { startUtc: "", endUtc: "" }, page: 0, pageSize: 0, orderBy: "", direction: "", ...request },
      as(provider),
    );

  it("lists items per currency by net earnings, naming each as on its latest movement", async () => {
    const result = await apps();
    expect(result).toMatchObject({ page: 1, pageSize: 20, totalCount: 3, totalPages: 1 });
    expect(result.items.map((i) => [i.marketplaceItemId, i.currency, i.netEarnings, i.displayName])).toEqual([
      [ITEM_A, "USD", "1200", "Weather station"],
      [ITEM_B, "EUR", "800", "=Tracker"],
      [ITEM_A, "EUR", "200", "Weather Pro"],
    ]);
    expect(result.items[2]).toMatchObject({ grossSales: "1000", refunds: "500", purchaseCount: 1 });
  });

  it("pages and orders by the other keys; a page past the end is empty with the right count", async () => {
    const byName = await apps({ orderBy: "displayName", direction: "asc", pageSize: 2 });
    expect(byName.items.map((i) => i.displayName)).toEqual(["=Tracker", "Weather Pro"]);
    expect(byName).toMatchObject({ totalCount: 3, totalPages: 2 });
    const far = await apps({ page: 9 });
    expect(far).toMatchObject({ items: [], totalCount: 3 });
    await expect(apps({ orderBy: "createdAt" })).rejects.toMatchObject({ code: "validation-failed" });
  });
});

describe("platform fees (the platform operator)", () => {
  const fees = (request: Record<string, unknown>, p = operator) =>
    client.call(
      "listPlatformFees",
      {
        window: { startUtc: "", endUtc: "" },
        marketplaceInstanceId: "",
        currency: "",
        page: 0,
        pageSize: 0,
        orderBy: "",
        direction: "",
        ...request,
      },
      as(p),
    );

  it("sums fees per instance, currency and month, newest month first, net of reversals", async () => {
    const result = await fees({});
    expect(
      result.items.map((i) => [
        i.marketplaceInstanceId,
        i.currency,
        i.month,
        i.platformFees,
        i.grossSales,
        i.saleCount,
      ]),
    ).toEqual([
      [INSTANCE, "USD", "2026-11", "300", "3000", 1],
      [INSTANCE, "EUR", "2026-10", "250", "3000", 2],
      [INSTANCE_2, "EUR", "2026-10", "70", "700", 1],
    ]);
    const filtered = await fees({ marketplaceInstanceId: INSTANCE.toUpperCase(), currency: "EUR" });
    expect(filtered.items).toHaveLength(1);
    expect(filtered.totalCount).toBe(1);
  });

  it("is for the platform operator only, not for admins of other organisations", async () => {
    await expect(fees({}, provider)).rejects.toMatchObject({ code: "forbidden" });
    await expect(fees({}, providerAdmin)).rejects.toMatchObject({ code: "forbidden" });
    await expect(fees({}, principal(OTHER_PROVIDER, ["admin"]))).rejects.toMatchObject({ code: "forbidden" });
    await expect(fees({}, principal(OPERATOR_ORG, ["developer", "provider"]))).rejects.toMatchObject({
      code: "forbidden",
    });
    await expect(fees({ currency: "eur" })).rejects.toMatchObject({ code: "validation-failed" });
  });
});

describe("the daily aggregate", () => {
  it("always equals the sums over the raw movements, for random data written in bulk and row by row", async () => {
    const pool = settlements.pool;
    // Bulk: one multi-row statement (the trigger sees them all at once), spread over random days and keys.
    await pool.query(
      `INSERT INTO ledger_transactions (id, source_event_id, kind, purchase_id, marketplace_instance_id,
         marketplace_item_id, display_name, device_id, provider_organisation_id, developer_organisation_id,
         currency, livemode, gross, platform_fee, developer_share, provider_share, occurred_at)
       SELECT gen_random_uuid(), gen_random_uuid(), CASE WHEN r.refund THEN 'refund' ELSE 'sale' END,
              gen_random_uuid(), (ARRAY[$1, $2])[1 + (g % 2)]::uuid, (ARRAY[$3, $4])[1 + (g % 3 % 2)]::uuid,
              'Item ' || g, '00112233aabbccdd', (ARRAY[$5, $6])[1 + (g % 5 % 2)]::uuid, $7::uuid,
              (ARRAY['EUR', 'USD'])[1 + (g % 7 % 2)], g % 4 = 0,
              r.sign * r.gross, r.sign * r.fee, r.sign * r.dev, r.sign * (r.gross - r.fee - r.dev),
              timestamptz '2026-09-01' + random() * interval '90 days'
         FROM generate_series(1, 2000) g,
              LATERAL (SELECT random() < 0.2 AS refund, (100 + floor(random() * 5000))::bigint AS gross) b,
              LATERAL (SELECT b.refund, CASE WHEN b.refund THEN -1 ELSE 1 END AS sign, b.gross,
                              floor(b.gross * 0.1)::bigint AS fee, floor(b.gross * 0.5)::bigint AS dev) r`,
      [INSTANCE, INSTANCE_2, ITEM_A, ITEM_B, PROVIDER, OTHER_PROVIDER, DEVELOPER],
    );
    // Row by row, several in one day and key (the upsert path); parties of their own (their statements too).
    for (let i = 0; i < 30; i++)
      await insertMovement(pool, {
        ...base,
        provider: id(0xa3),
        developer: id(0xd3),
        kind: i % 5 === 4 ? "refund" : "sale",
        item: ITEM_B,
        gross: i % 5 === 4 ? -100 : 1000 + i,
        platformFee: i % 5 === 4 ? -10 : 100,
        developerShare: i % 5 === 4 ? -50 : 500,
        occurredAt: new Date(Date.UTC(2026, 9, 1 + (i % 3), i % 24, i)),
      });
    const { rows } = await pool.query(
      `WITH raw AS (
         SELECT provider_organisation_id, livemode, currency, (occurred_at AT TIME ZONE 'UTC')::date AS day,
                marketplace_item_id, marketplace_instance_id,
                coalesce(sum(gross) FILTER (WHERE kind = 'sale'), 0) AS gross_sales,
                coalesce(sum(-gross) FILTER (WHERE gross < 0), 0) AS refunds,
                sum(platform_fee) AS platform_fees, sum(developer_share) AS developer_costs,
                sum(provider_share) AS net_earnings, count(*) FILTER (WHERE kind = 'sale') AS sale_count
           FROM ledger_transactions GROUP BY 1, 2, 3, 4, 5, 6),
       agg AS (
         SELECT provider_organisation_id, livemode, currency, day, marketplace_item_id, marketplace_instance_id,
                gross_sales, refunds, platform_fees, developer_costs, net_earnings, sale_count
           FROM earnings_daily)
       SELECT (SELECT count(*) FROM raw) AS groups,
              (SELECT count(*) FROM ((SELECT * FROM raw EXCEPT SELECT * FROM agg)
                                     UNION ALL (SELECT * FROM agg EXCEPT SELECT * FROM raw)) d) AS differences`,
    );
    expect(Number(rows[0].groups)).toBeGreaterThan(100);
    expect(Number(rows[0].differences)).toBe(0);
    const { rows: hourly } = await pool.query(
      `WITH raw AS (
         SELECT provider_organisation_id, livemode, currency, date_trunc('hour', occurred_at, 'UTC') AS hour,
                marketplace_item_id, marketplace_instance_id,
                coalesce(sum(gross) FILTER (WHERE kind = 'sale'), 0) AS gross_sales,
                coalesce(sum(-gross) FILTER (WHERE gross < 0), 0) AS refunds,
                sum(platform_fee) AS platform_fees, sum(developer_share) AS developer_costs,
                sum(provider_share) AS net_earnings, count(*) FILTER (WHERE kind = 'sale') AS sale_count
           FROM ledger_transactions GROUP BY 1, 2, 3, 4, 5, 6),
       agg AS (
         SELECT provider_organisation_id, livemode, currency, hour, marketplace_item_id, marketplace_instance_id,
                gross_sales, refunds, platform_fees, developer_costs, net_earnings, sale_count
           FROM earnings_hourly)
       SELECT (SELECT count(*) FROM ((SELECT * FROM raw EXCEPT SELECT * FROM agg)
                                     UNION ALL (SELECT * FROM agg EXCEPT SELECT * FROM raw)) d) AS differences`,
    );
    expect(Number(hourly[0].differences)).toBe(0);

    // And a summary over random windows equals a plain sum over the raw rows.
    for (let i = 0; i < 20; i++) {
      const start = new Date(Date.UTC(2026, 8, 1) + Math.floor(Math.random() * 80 * 86_400_000));
      const end = new Date(start.getTime() + 1 + Math.floor(Math.random() * 20 * 86_400_000));
      const { rows: expected } = await pool.query(
        `SELECT currency, coalesce(sum(gross) FILTER (WHERE kind = 'sale'), 0)::text AS gross,
                sum(provider_share)::text AS net, count(*) FILTER (WHERE kind = 'sale')::int AS n
           FROM ledger_transactions
          WHERE provider_organisation_id = $1 AND NOT livemode AND occurred_at >= $2 AND occurred_at < $3
          GROUP BY currency ORDER BY currency`,
        [PROVIDER, start, end],
      );
      const got = await summary({ startUtc: start.toISOString(), endUtc: end.toISOString() });
      expect(
        got.totals.map((t) => ({
          currency: t.currency,
          gross: t.grossSales,
          net: t.netEarnings,
          n: t.purchaseCount,
        })),
      ).toEqual(expected);
    }
  });
});

describe("statement exports", () => {
  async function exported(statementId: string, format: string, p: Principal = provider): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of client.stream("exportStatement", { statementId, format }, as(p), {
      deadlineMs: 60_000,
    }))
      chunks.push(Buffer.from(chunk.data));
    return Buffer.concat(chunks);
  }

  it("writes RFC 4180 CSV: header, the lines in order, a totals row; formulas neutralised", async () => {
    const csv = (await exported(providerStatement, "csv")).toString("utf8");
    expect(csv).toContain("\r\n");
    const rows = parse(csv) as string[][];
    expect(rows[0]).toEqual([
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
    ]);
    expect(rows.slice(1).map((r) => [r[0], r[1], r[3], r[4], r[6], r[7], r[8], r[9]])).toEqual([
      ["2026-10-15T10:00:00.000Z", "sale", ITEM_A, "Weather", "1000", "100", "400", "EUR"],
      ["2026-10-20T12:00:00.000Z", "sale", ITEM_B, "'=Tracker", "2000", "200", "800", "EUR"],
      ["2026-10-21T08:30:00.000Z", "refund", ITEM_A, "Weather Pro", "-500", "-50", "-200", "EUR"],
      ["", "total", "", "", "2500", "250", "1000", "EUR"],
    ]);
    // The developer's statement carries the developer's shares, of both providers' sales of its items.
    const developerRows = parse(
      await exported(developerStatement, "csv", principal(DEVELOPER, ["developer"])),
    ) as string[][];
    expect(developerRows.at(-1)?.slice(6)).toEqual(["3200", "320", "1550", "EUR"]);
  });

  it("answers not-found for another organisation's statement (admins of it included) and an unknown id; the operator exports any", async () => {
    for (const other of [
      principal(OTHER_PROVIDER, ["provider"]),
      principal(OTHER_PROVIDER, ["provider", "admin"]),
    ])
      for (const format of ["csv", "pdf"])
        await expect(exported(providerStatement, format, other)).rejects.toMatchObject({ code: "not-found" });
    // its own organisation's admin exports it
    expect(parse(await exported(providerStatement, "csv", providerAdmin))).toHaveLength(5);
    await expect(exported(id(0xdead), "csv")).rejects.toMatchObject({ code: "not-found" });
    await expect(exported("not-a-guid", "pdf")).rejects.toMatchObject({ code: "not-found" });
    const csv = (await exported(providerStatement, "csv", operator)).toString();
    expect(parse(csv)).toHaveLength(5);
  });

  it("reads a large statement across fetched batches with ties on occurredAt, each line once, in order", async () => {
    const statementId = await insertStatement(settlements.pool, {
      organisationId: OTHER_PROVIDER,
      role: "provider",
      periodStart: at("2026-12-01T00:00:00Z"),
    });
    const lines = 4_321;
    await bulkLines(statementId, lines);
    const rows = parse(
      await exported(statementId, "csv", principal(OTHER_PROVIDER, ["provider"])),
    ) as string[][];
    expect(rows).toHaveLength(lines + 2);
    const body = rows.slice(1, -1);
    expect(new Set(body.map((r) => r[2])).size).toBe(lines);
    const sorted = [...body].sort((a, b) => (a[0]! < b[0]! ? -1 : a[0]! > b[0]! ? 1 : 0));
    expect(body.map((r) => r[0])).toEqual(sorted.map((r) => r[0]));
    const share = body.reduce((sum, r) => sum + BigInt(r[8]!), 0n);
    expect(rows.at(-1)?.[8]).toBe(share.toString());
  });

  it("writes exactly what csv-stringify writes for any item name and device id (PostgreSQL's COPY quotes them)", async () => {
    const statementId = await insertStatement(settlements.pool, {
      organisationId: OTHER_PROVIDER,
      role: "provider",
      periodStart: at("2027-03-01T00:00:00Z"),
    });
    const names = [
      "Weather",
      'Say "hi"',
      "a,b",
      "=SUM(A1)",
      "+1",
      "-minus",
      "@at",
      "\tTab",
      "\rCR",
      "line\nbreak",
    ];
    names.push(
      "cr\rhere",
      "crlf\r\nhere",
      "",
      "ünïcödé ☃ 🎉",
      " padded ",
      "'quoted'",
      '"',
      "\\.",
      "x".repeat(3_000),
    );
    await bulkLines(statementId, names.length * 3, "EUR", names);
    const { rows } = await settlements.pool.query<Record<string, string>>(
      `SELECT to_char(e.occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at, e.line_kind AS kind,
              t.purchase_id AS p, t.marketplace_item_id AS i, t.display_name AS name, t.device_id AS device,
              t.gross::text AS gross, t.platform_fee::text AS fee, e.amount::text AS share
         FROM ledger_entries e JOIN ledger_transactions t ON t.id = e.transaction_id
        WHERE e.statement_id = $1 ORDER BY e.occurred_at, e.id`,
      [statementId],
    );
    const sum = (key: string) => rows.reduce((total, r) => total + BigInt(r[key]!), 0n).toString();
    const expected = stringify(
      [
        [...CSV_COLUMNS],
        ...rows.map((r) => [
          r.at,
          r.kind,
          r.p,
          r.i,
          neutraliseFormula(r.name!),
          r.device,
          r.gross,
          r.fee,
          r.share,
          "EUR",
        ]),
        ["", "total", "", "", "", "", sum("gross"), sum("fee"), sum("share"), "EUR"],
      ],
      CSV_OPTIONS,
    );
    const csv = await exported(statementId, "csv", principal(OTHER_PROVIDER, ["provider"]));
    expect(csv.toString("utf8")).toBe(expected);
    expect(parse(csv)).toHaveLength(names.length * 3 + 2);
  });

  it("holds PostgreSQL back while the reader is slow, and stops the COPY when the reader goes away", async () => {
    const statementId = await insertStatement(settlements.pool, {
      organisationId: OTHER_PROVIDER,
      role: "provider",
      periodStart: at("2027-04-01T00:00:00Z"),
    });
    // About 20 MB of CSV: far more than the socket, stream and HTTP/2 buffers between PostgreSQL and here.
    // What fills them is bytes, not lines: about 2,600 lines with an 8 KB item name each (stored compressed,
    // sent in full), 50 times fewer rows to insert, sort and format than narrow lines would need, so the
    // time a loaded machine takes for them stays far inside the bounds below.
    const wideName = "Wide item ".padEnd(8_000, "x");
    await bulkLines(statementId, Math.ceil((20 * 1024 * 1024) / wideName.length), "EUR", [wideName]);
    // Backends whose query is the export's COPY (its text starts with "COPY ("), whatever their state. Not
    // `LIKE '%COPY (%'`, which matched this poll itself: left as the last query of an idle pool connection
    // whenever a poll ran on another one (the service's outbox relay shares the pool), it was counted as a
    // COPY still running for as long as that connection sat idle (up to the pool's 30 s idle timeout).
    const COPYING = `SELECT wait_event AS wait FROM pg_stat_activity
                      WHERE datname = current_database() AND query ~ '^\\s*COPY \\('`;
    const copying = async () => (await settlements.pool.query<{ wait: string | null }>(COPYING)).rows;
    // The poll sees no other connection that ran it: one holds it as its last query, idle.
    const held = await settlements.pool.connect();
    try {
      await held.query(COPYING);
      expect(await copying()).toEqual([]);
    } finally {
      held.release();
    }
    const stream = client.stream(
      "exportStatement",
      { statementId, format: "csv" },
      as(principal(OTHER_PROVIDER, ["provider"])),
      { deadlineMs: 60_000 },
    );
    await stream.next();
    await stream.next();
    // Nothing read for now: the COPY ends up waiting to write to settlements (back-pressure all the way).
    await expect
      .poll(async () => (await copying()).map((r) => r.wait), { timeout: 30_000, interval: 200 })
      .toEqual(["ClientWrite"]);
    // The reader goes away: the call is cancelled, the COPY stopped, its connection closed.
    await stream.return();
    await expect.poll(async () => (await copying()).length, { timeout: 10_000, interval: 100 }).toBe(0);
    const again = await exported(providerStatement, "csv");
    expect(parse(again)).toHaveLength(5);
  }, 90_000);

  it("renders a PDF statement with its header, totals and 'Page n of m' on every page", async () => {
    const statementId = await insertStatement(settlements.pool, {
      organisationId: OTHER_PROVIDER,
      role: "provider",
      currency: "USD",
      periodStart: at("2027-01-01T00:00:00Z"),
    });
    const lines = FIRST_PAGE_LINES + PAGE_LINES + 7;
    await bulkLines(statementId, lines, "USD");
    const pdf = await exported(statementId, "pdf", principal(OTHER_PROVIDER, ["provider"]));
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const document = await getDocumentProxy(new Uint8Array(pdf));
    const { totalPages, text } = await extractText(document, { mergePages: false });
    expect(totalPages).toBe(3);
    for (let n = 1; n <= 3; n++) expect(text[n - 1]).toContain(`Page ${n} of 3`);
    expect(text[0]).toContain("Settlement statement");
    expect(text[0]).toContain(OTHER_PROVIDER);
    expect(text[0]).toContain("2027-01-01 to 2027-01-31");
    expect(text[0]).toContain("Lines");
    expect(text[0]).toContain(`${lines}`);
    // Each line prints once: count the item names over all pages.
    expect(text.join("\n").match(/Bulk item/g)).toHaveLength(lines);
    const { rows } = await settlements.pool.query(
      `SELECT sum(e.amount)::text AS net FROM ledger_entries e WHERE e.statement_id = $1`,
      [statementId],
    );
    const net = BigInt(rows[0].net);
    expect(text[0]).toContain(`${net / 100n}.${(net % 100n).toString().padStart(2, "0")} USD`);
  });

  it("renders an empty statement as one page", async () => {
    const statementId = await insertStatement(settlements.pool, {
      organisationId: PROVIDER,
      role: "provider",
      periodStart: at("2027-02-01T00:00:00Z"),
    });
    const { totalPages, text } = await extractText(
      await getDocumentProxy(new Uint8Array(await exported(statementId, "pdf"))),
      { mergePages: true },
    );
    expect(totalPages).toBe(1);
    expect(text).toContain("Page 1 of 1");
    expect(text).toContain("No lines.");
  });
});

/**
 * `count` sale lines in a provider statement, in one statement; a third share the same instant. A fixture's
 * bulk insert on a loaded machine may outlast the pool's statement timeout (10 s): it gets its own bound.
 */
async function bulkLines(statementId: string, count: number, currency = "EUR", names: string[] = []) {
  await withTransaction(settlements.pool, async (tx) => {
    await tx.query("SET LOCAL statement_timeout = '2min'");
    await tx.query(
      `WITH s AS (SELECT * FROM statements WHERE id = $1),
     t AS (
       INSERT INTO ledger_transactions (id, source_event_id, kind, purchase_id, marketplace_instance_id,
         marketplace_item_id, display_name, device_id, provider_organisation_id, developer_organisation_id,
         currency, livemode, gross, platform_fee, developer_share, provider_share, occurred_at)
       SELECT gen_random_uuid(), gen_random_uuid(), 'sale', gen_random_uuid(), $3::uuid, $4::uuid,
              coalesce(($7::text[])[1 + g % greatest(cardinality($7::text[]), 1)], 'Bulk item ' || g),
              CASE WHEN cardinality($7::text[]) = 0 THEN '00112233aabbccdd' ELSE (ARRAY['', 'dev,ice', 'a"b'])[1 + g % 3] END,
              s.organisation_id, $5::uuid, $2, s.livemode,
              1000 + g, 100, 500, 400 + g,
              s.period_start + (CASE WHEN g % 3 = 0 THEN 0 ELSE g END) * interval '1 second'
         FROM generate_series(1, $6::int) g, s
       RETURNING id, provider_organisation_id, provider_share, occurred_at)
     INSERT INTO ledger_entries (id, transaction_id, party, organisation_id, amount, statement_id, line_kind, occurred_at)
     SELECT gen_random_uuid(), t.id, 'provider', t.provider_organisation_id, t.provider_share, $1, 'sale', t.occurred_at
       FROM t`,
      [statementId, currency, INSTANCE_2, ITEM_B, DEVELOPER, count, names],
    );
  });
}
