import { DEMO_ORGANISATIONS } from "@mp/local/demo";
import { demoApi } from "@mp/local/demo-api";
import { developerApplications, listItem, offerItem, publishApplication } from "@mp/local/demo-items";
import { demoSeed } from "@mp/local/simulator";
import type { LocalStack } from "@mp/local/stack";
import { waitFor } from "@mp/testing";
import {
  chargeRefunded,
  paymentIntentSucceeded,
  type StripeEvent,
  signedStripeEvent,
  stripeId,
} from "@mp/testing/stripe";
import { parse } from "csv-parse/sync";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectProblem, httpClient } from "./http";
import { startTestStack } from "./stack";

/**
 * Money through the front door: two sales and a partial refund made by signed notifications, read back as
 * earnings (summary, time series, per item), as statements with their lines and totals, as CSV and PDF;
 * then the platform operator closes the month (the instance's admin may not), a late refund lands as an
 * adjustment in the next statement, and the operator marks the closed statement paid. Figures: fee 10 % (1000 bps), base price 1000, price 2500, so a sale
 * splits 250 / 1000 / 1250 and a refund of 1000 reverses 100 / 400 / 500.
 */
const SECRET = "whsec_e2e_money_0000000000000000000";
const DEVICE = demoSeed()
  .devices.find((d) => d.organisationId === DEMO_ORGANISATIONS.provider.id)!
  .deviceId.toLowerCase();
let stack: LocalStack;
let call: ReturnType<typeof httpClient>;
let admin: string;
let operator: string;
let provider: string;
let developer: string;
let itemId: string;
let listingId: string;
const logs: string[] = [];
const intents: string[] = [];

interface Line {
  occurredAt: string;
  kind: string;
  purchaseId: string;
  marketplaceItemId: string;
  displayName: string;
  deviceId: string;
  gross: number;
  platformFee: number;
  share: number;
}
interface Statement {
  id: string;
  batchId: string | null;
  organisationId: string;
  role: string;
  currency: string;
  periodStartUtc: string;
  periodEndUtc: string;
  status: string;
  livemode: boolean;
  totals: { grossSales: number; refunds: number; platformFees: number; net: number };
  lineCount: number;
  lines: Line[];
}

beforeAll(async () => {
  stack = await startTestStack(logs, { STRIPE_WEBHOOK_SECRET: SECRET });
  call = httpClient(stack.gatewayUrl);
  admin = stack.credentials.admin.token;
  operator = stack.credentials.operator.token;
  provider = stack.credentials.provider.token;
  developer = stack.credentials.developer.token;
  const instance = await call("POST", "/marketplace/instances", {
    token: admin,
    body: { name: "Money", defaultCurrency: "EUR", platformFeeBps: 1000 },
  });
  expect(instance.status).toBe(200);
  const instanceId = instance.body.id as string;
  const api = demoApi(stack.gatewayUrl);
  const [application] = await developerApplications(api, developer, instanceId);
  const item = await publishApplication(api, developer, {
    instanceId,
    application: application!,
    basePrice: { amount: 1000, currency: "EUR" },
  });
  itemId = item!.id;
  await offerItem(api, admin, instanceId, itemId);
  const listing = await listItem(api, provider, {
    instanceId,
    itemId,
    price: { amount: 2500, currency: "EUR" },
    visibility: "public",
  });
  listingId = listing.id;
  for (let i = 0; i < 2; i++) {
    const pi = stripeId("pi");
    intents.push(pi);
    await notify(
      paymentIntentSucceeded({
        listingId,
        deviceId: DEVICE,
        amount: 2500,
        currency: "EUR",
        paymentIntentId: pi,
      }),
    );
  }
  await notify(
    chargeRefunded({ paymentIntentId: intents[1]!, amount: 2500, amountRefunded: 1000, currency: "EUR" }),
  );
}, 300_000);

afterAll(async () => {
  await stack?.stop();
});

async function notify(event: StripeEvent) {
  const { body, signature } = signedStripeEvent(event, SECRET);
  const response = await fetch(`${stack.gatewayUrl}/marketplace/webhooks/stripe`, {
    method: "POST",
    headers: { "content-type": "application/json", "stripe-signature": signature },
    body,
  });
  expect(response.status).toBe(204);
}

const monthStart = (offset = 0) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1)).toISOString();
};

/** The caller's one statement of `role` for the month starting at `periodStart`, once it has `lines` lines. */
function statementOf(token: string, role: string, periodStart: string, lines: number): Promise<Statement> {
  return waitFor(
    async () => {
      const page = await call<{ items: Statement[] }>(
        "GET",
        `/marketplace/earnings/statements?role=${role}&status=any&currency=EUR&periodStartUtc=${periodStart}`,
        { token },
      );
      const found = page.body.items?.find((s) => s.periodStartUtc === periodStart);
      if (!found || found.lineCount !== lines) return undefined;
      const read = await call<Statement>("GET", `/marketplace/earnings/statements/${found.id}`, { token });
      return read.status === 200 ? read.body : undefined;
    },
    { what: `the ${role} statement of ${periodStart} with ${lines} lines`, timeoutMs: 90_000 },
  );
}

describe("money from signed notifications to settled statements", () => {
  it("earnings: exact summary, zero-filled time series and per-item figures", async () => {
    const window = `startUtc=${monthStart()}&endUtc=${monthStart(1)}`;
    const summary = await waitFor(
      async () => {
        const read = await call<{ totals: Record<string, number | string>[] }>(
          "GET",
          `/marketplace/providers/earnings/summary?${window}`,
          { token: provider },
        );
        return read.body.totals?.[0]?.refunds === 1000 ? read.body : undefined;
      },
      { what: "the earnings summary with the refund", timeoutMs: 90_000 },
    );
    expect(summary.totals).toEqual([
      {
        currency: "EUR",
        grossSales: 5000,
        refunds: 1000,
        platformFees: 400,
        developerCosts: 1600,
        netEarnings: 2000,
        purchaseCount: 2,
      },
    ]);

    const series = await call<{ interval: string; points: Record<string, number | string>[] }>(
      "GET",
      `/marketplace/providers/earnings/timeseries?interval=day&${window}`,
      { token: provider },
    );
    expect(series.status).toBe(200);
    const days = Math.round((Date.parse(monthStart(1)) - Date.parse(monthStart())) / 86_400_000);
    expect(series.body.points).toHaveLength(days);
    const today = `${new Date().toISOString().slice(0, 10)}T00:00:00.000Z`;
    expect(series.body.points.find((p) => p.periodStart === today)).toMatchObject({
      currency: "EUR",
      grossSales: 5000,
      netEarnings: 2000,
      purchaseCount: 2,
    });
    expect(series.body.points.filter((p) => p.periodStart !== today).every((p) => p.netEarnings === 0)).toBe(
      true,
    );

    const apps = await call<{ items: Record<string, unknown>[] }>(
      "GET",
      `/marketplace/providers/earnings/apps?${window}&page=1&pageSize=20`,
      { token: provider },
    );
    expect(apps.body.items).toEqual([
      expect.objectContaining({
        marketplaceItemId: itemId,
        currency: "EUR",
        grossSales: 5000,
        refunds: 1000,
        netEarnings: 2000,
        purchaseCount: 2,
      }),
    ]);
  });

  it("statements: lines and totals per party, the same in CSV and PDF, scoped to their organisation", async () => {
    const mine = await statementOf(provider, "provider", monthStart(), 3);
    expect(mine).toMatchObject({
      organisationId: DEMO_ORGANISATIONS.provider.id,
      role: "provider",
      currency: "EUR",
      status: "open",
      livemode: false,
      batchId: null,
      totals: { grossSales: 5000, refunds: 1000, platformFees: 400, net: 2000 },
      lineCount: 3,
    });
    expect(mine.lines.map((l) => [l.kind, l.gross, l.platformFee, l.share])).toEqual([
      ["sale", 2500, 250, 1250],
      ["sale", 2500, 250, 1250],
      ["refund", -1000, -100, -500],
    ]);
    const theirs = await statementOf(developer, "developer", monthStart(), 3);
    expect(theirs.totals).toEqual({ grossSales: 5000, refunds: 1000, platformFees: 400, net: 1600 });
    expect(theirs.lines.map((l) => l.share)).toEqual([1000, 1000, -400]);

    expect(
      (await call("GET", `/marketplace/earnings/statements/${theirs.id}`, { token: provider })).status,
    ).toBe(404);
    expectProblem(
      await call(
        "GET",
        `/marketplace/earnings/statements?role=any&status=any&organisationId=${DEMO_ORGANISATIONS.developer.id}`,
        {
          token: provider,
        },
      ),
      403,
      "forbidden",
    );

    const csv = await fetch(`${stack.gatewayUrl}/marketplace/earnings/statements/${mine.id}/export.csv`, {
      headers: { authorization: `Bearer ${provider}` },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(csv.headers.get("content-disposition")).toBe(`attachment; filename="statement-${mine.id}.csv"`);
    const rows = parse(await csv.text(), { columns: true }) as Record<string, string>[];
    const lineRows = rows.slice(0, -1);
    expect(
      lineRows.map((r) => [r.kind, Number(r.gross), Number(r.platformFee), Number(r.share), r.purchaseId]),
    ).toEqual(mine.lines.map((l) => [l.kind, l.gross, l.platformFee, l.share, l.purchaseId]));
    const totalsRow = rows.at(-1)!;
    expect([Number(totalsRow.gross), Number(totalsRow.platformFee), Number(totalsRow.share)]).toEqual([
      4000, 400, 2000,
    ]);

    const pdf = await fetch(`${stack.gatewayUrl}/marketplace/earnings/statements/${mine.id}/export.pdf`, {
      headers: { authorization: `Bearer ${provider}` },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const document = await getDocumentProxy(new Uint8Array(await pdf.arrayBuffer()));
    const { text } = await extractText(document, { mergePages: true });
    expect(text).toContain("Page 1 of 1");
    expect(text).toContain(DEMO_ORGANISATIONS.provider.id);
    expect(text).toMatch(/20[.,]00/);

    const foreign = await fetch(
      `${stack.gatewayUrl}/marketplace/earnings/statements/${theirs.id}/export.csv`,
      {
        headers: { authorization: `Bearer ${provider}` },
      },
    );
    expect(foreign.status).toBe(404);
  });

  it("the operator closes the month once; a late refund is an adjustment of the next month; paid", async () => {
    const period = { periodStartUtc: monthStart(), periodEndUtc: monthStart(1), livemode: false };
    // the provider, and the instance's admin (an admin, but not of the platform's organisation), may not
    for (const token of [provider, admin])
      expectProblem(
        await call("POST", "/marketplace/earnings/statements/batches", { token, body: period }),
        403,
        "forbidden",
      );
    const batch = await call<{ batchId: string; statementCount: number }>(
      "POST",
      "/marketplace/earnings/statements/batches",
      { token: operator, body: period },
    );
    expect(batch.status).toBe(200);
    expect(batch.body.statementCount).toBeGreaterThanOrEqual(2);
    const again = await call<{ batchId: string }>("POST", "/marketplace/earnings/statements/batches", {
      token: operator,
      body: period,
    });
    expect(again.body.batchId).toBe(batch.body.batchId);

    const closed = await statementOf(provider, "provider", monthStart(), 3);
    expect(closed).toMatchObject({ status: "finalized", batchId: batch.body.batchId });

    await notify(
      chargeRefunded({ paymentIntentId: intents[1]!, amount: 2500, amountRefunded: 1500, currency: "EUR" }),
    );
    const next = await statementOf(provider, "provider", monthStart(1), 1);
    expect(next.status).toBe("open");
    expect(next.lines.map((l) => [l.kind, l.gross, l.platformFee, l.share])).toEqual([
      ["adjustment", -500, -50, -250],
    ]);
    const unchanged = await call<Statement>("GET", `/marketplace/earnings/statements/${closed.id}`, {
      token: provider,
    });
    expect(unchanged.body.totals).toEqual(closed.totals);

    expectProblem(
      await call("POST", `/marketplace/earnings/statements/${closed.id}/paid`, { token: admin }),
      403,
      "forbidden",
    );
    expectProblem(
      await call("POST", `/marketplace/earnings/statements/${next.id}/paid`, { token: operator }),
      409,
      "invalid-state",
    );
    const paid = await call<Statement>("POST", `/marketplace/earnings/statements/${closed.id}/paid`, {
      token: operator,
    });
    expect(paid.status).toBe(200);
    expect(paid.body.status).toBe("paid");
  });
});
