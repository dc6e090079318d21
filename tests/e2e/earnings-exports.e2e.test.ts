import type { LocalStack } from "@mp/local/stack";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertMovement, insertStatement } from "../../services/settlements/src/infra/earnings.fixture";
import { expectProblem, httpClient } from "./http";
import { startTestStack } from "./stack";

/**
 * Earnings and statement exports through the front door: ledger rows written straight into the stack's
 * settlements schema (as the ledger would), then read over HTTP through the gateway and settlements'
 * gRPC (the exports as a server stream piped into the reply).
 */
let stack: LocalStack;
let pool: pg.Pool;
let call: ReturnType<typeof httpClient>;
let statementId: string;
const logs: string[] = [];
const INSTANCE = "0193b0e0-0000-7000-8000-0000000e2e01";
const ITEM = "0193b0e0-0000-7000-8000-0000000e2e02";
const DEVELOPER = "0193b0e0-0000-7000-8000-0000000e2e03";
const LINES = 130;

beforeAll(async () => {
  stack = await startTestStack(logs);
  call = httpClient(stack.gatewayUrl);
  pool = new pg.Pool({ connectionString: stack.databaseUrl, options: "-c search_path=settlements" });
  const provider = stack.credentials.provider.organisationId.toLowerCase();
  statementId = await insertStatement(pool, {
    organisationId: provider,
    role: "provider",
    periodStart: new Date("2024-03-01T00:00:00Z"),
  });
  for (let i = 0; i < LINES; i++) {
    const refund = i % 10 === 9;
    await insertMovement(pool, {
      kind: refund ? "refund" : "sale",
      provider,
      developer: DEVELOPER,
      item: ITEM,
      instance: INSTANCE,
      displayName: "Cold chain, e2e",
      gross: refund ? -1000 : 2000,
      platformFee: refund ? -100 : 200,
      developerShare: refund ? -500 : 1000,
      occurredAt: new Date(Date.UTC(2024, 2, 1 + (i % 28), 12, i)),
      providerStatement: statementId,
    });
  }
}, 180_000);

afterAll(async () => {
  await pool?.end();
  await stack?.stop();
});

describe("earnings and exports through the gateway", () => {
  it("answers the provider's summary over the month", async () => {
    const result = await call<{ totals: Record<string, unknown>[] }>(
      "GET",
      "/marketplace/providers/earnings/summary?startUtc=2024-03-01&endUtc=2024-04-01&livemode=false",
      { token: stack.credentials.provider.token },
    );
    expect(result.status).toBe(200);
    expect(result.body.totals).toEqual([
      {
        currency: "EUR",
        grossSales: 117 * 2000,
        refunds: 13 * 1000,
        platformFees: 117 * 200 - 13 * 100,
        developerCosts: 117 * 1000 - 13 * 500,
        netEarnings: 117 * 800 - 13 * 400,
        purchaseCount: 117,
      },
    ]);
  });

  it("streams the statement as CSV and PDF, and hides it from other organisations", async () => {
    const headers = { authorization: `Bearer ${stack.credentials.provider.token}` };
    const csv = await fetch(`${stack.gatewayUrl}/marketplace/earnings/statements/${statementId}/export.csv`, {
      headers,
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toBe(
      `attachment; filename="statement-${statementId}.csv"`,
    );
    const rows = (await csv.text()).trimEnd().split("\r\n");
    expect(rows).toHaveLength(LINES + 2);
    expect(rows.at(-1)).toBe(
      `,total,,,,,${117 * 2000 - 13 * 1000},${117 * 200 - 13 * 100},${117 * 800 - 13 * 400},EUR`,
    );
    expect(rows[1]).toContain('"Cold chain, e2e"');

    const pdf = await fetch(`${stack.gatewayUrl}/marketplace/earnings/statements/${statementId}/export.pdf`, {
      headers,
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    expect(bytes.subarray(-6).toString()).toContain("%%EOF");

    const foreign = await call("GET", `/marketplace/earnings/statements/${statementId}/export.csv`, {
      token: stack.credentials.developer.token,
    });
    expectProblem(foreign, 404, "not-found");
    const admin = await fetch(
      `${stack.gatewayUrl}/marketplace/earnings/statements/${statementId}/export.csv`,
      { headers: { authorization: `Bearer ${stack.credentials.admin.token}` } },
    );
    expect(admin.status).toBe(200);
    await admin.arrayBuffer();
  });
});
