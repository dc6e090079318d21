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
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectProblem, httpClient } from "./http";
import { startTestStack } from "./stack";

/**
 * The ledger and statements through the front door: a listing paid for and refunded with signed Stripe
 * notifications; the developer and the provider read their statements, an admin closes the month, a
 * refund after the close lands in the next month as an adjustment, and the statement is marked paid.
 */
const SECRET = "whsec_e2e_statements_0000000000000";
const DEVICE = demoSeed()
  .devices.filter((d) => d.organisationId === DEMO_ORGANISATIONS.provider.id)
  .map((d) => d.deviceId.toLowerCase())[0] as string;
let stack: LocalStack;
let call: ReturnType<typeof httpClient>;
let tokens: { provider: string; developer: string; admin: string; developerAdmin: string };
let listingId: string;

interface Statement {
  id: string;
  organisationId: string;
  role: string;
  status: string;
  periodStartUtc: string;
  batchId: string | null;
  totals: { grossSales: number; refunds: number; platformFees: number; net: number };
  lineCount: number;
  paidAt: string | null;
}
interface Line {
  kind: string;
  gross: number;
  platformFee: number;
  share: number;
}

beforeAll(async () => {
  stack = await startTestStack([], { STRIPE_WEBHOOK_SECRET: SECRET });
  call = httpClient(stack.gatewayUrl);
  tokens = {
    provider: stack.credentials.provider.token,
    developer: stack.credentials.developer.token,
    admin: stack.credentials.admin.token,
    developerAdmin: await stack.signToken({
      org: DEMO_ORGANISATIONS.developer.id,
      roles: ["developer", "admin"],
    }),
  };
  const instance = await call("POST", "/marketplace/instances", {
    token: tokens.admin,
    body: { name: "Statements", defaultCurrency: "EUR", platformFeeBps: 1000 },
  });
  expect(instance.status).toBe(200);
  const instanceId = instance.body.id as string;
  const api = demoApi(stack.gatewayUrl);
  const [application] = await developerApplications(api, tokens.developer, instanceId);
  const item = await publishApplication(api, tokens.developer, {
    instanceId,
    application: application!,
    basePrice: { amount: 1000, currency: "EUR" },
  });
  await offerItem(api, tokens.admin, instanceId, item!.id);
  const listing = await listItem(api, tokens.provider, {
    instanceId,
    itemId: item!.id,
    price: { amount: 2500, currency: "EUR" },
    visibility: "public",
  });
  listingId = listing.id;
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

const list = (query: string, token: string) =>
  call<{ items: Statement[]; totalCount: number }>("GET", `/marketplace/earnings/statements?${query}`, {
    token,
  });
const read = (id: string, token: string) =>
  call<Statement & { lines: Line[] }>("GET", `/marketplace/earnings/statements/${id}`, { token });
/** The caller's statement of `role` whose lines number `lines` (the ledger is asynchronous). */
const statementWith = (role: string, token: string, lines: number, status = "any") =>
  waitFor(
    async () =>
      (await list(`role=${role}&status=${status}&livemode=false`, token)).body.items?.find(
        (s) => s.lineCount === lines,
      ),
    { what: `a ${role} statement with ${lines} lines`, timeoutMs: 30_000 },
  );

describe("statements from signed payment notifications", () => {
  it("splits a sale and reverses a refund in proportion, on both parties' statements", async () => {
    const pi = stripeId("pi");
    await notify(
      paymentIntentSucceeded({
        listingId,
        deviceId: DEVICE,
        amount: 2500,
        currency: "EUR",
        paymentIntentId: pi,
      }),
    );
    await statementWith("provider", tokens.provider, 1);
    await notify(chargeRefunded({ paymentIntentId: pi, amount: 2500, amountRefunded: 500, currency: "EUR" }));
    const provider = await statementWith("provider", tokens.provider, 2);
    // sale 2500: fee 250, developer 1000, provider 1250; refund 500: -50, -200, -250
    expect(provider.totals).toEqual({ grossSales: 2500, refunds: 500, platformFees: 200, net: 1000 });
    const lines = (await read(provider.id, tokens.provider)).body.lines;
    expect(lines.map((l) => [l.kind, l.gross, l.platformFee, l.share])).toEqual([
      ["sale", 2500, 250, 1250],
      ["refund", -500, -50, -250],
    ]);
    const developer = await statementWith("developer", tokens.developer, 2);
    expect(developer.totals.net).toBe(800);
    expect(developer.organisationId).toBe(DEMO_ORGANISATIONS.developer.id);
    // scoping: the provider does not find the developer's statement, nor may it list the developer's
    await expectProblem(
      await call("GET", `/marketplace/earnings/statements/${developer.id}`, { token: tokens.provider }),
      404,
      "not-found",
    );
    await expectProblem(
      await list(`role=any&status=any&organisationId=${DEMO_ORGANISATIONS.developer.id}`, tokens.provider),
      403,
      "forbidden",
    );
  });

  it("closes the month once; a refund after the close lands in the next month as an adjustment; paid", async () => {
    const open = await statementWith("developer", tokens.developer, 2, "open");
    const start = new Date(open.periodStartUtc);
    const end = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
    const period = { periodStartUtc: start.toISOString(), periodEndUtc: end.toISOString(), livemode: false };
    await expectProblem(
      await call("POST", "/marketplace/earnings/statements/batches", {
        token: tokens.admin,
        body: { ...period, periodEndUtc: new Date(end.getTime() - 1).toISOString() },
      }),
      400,
      "validation-failed",
    );
    const closed = await call<{ batchId: string; statementCount: number }>(
      "POST",
      "/marketplace/earnings/statements/batches",
      {
        token: tokens.admin,
        body: period,
      },
    );
    expect(closed.status).toBe(200);
    expect(closed.body.statementCount).toBe(2);
    const again = await call("POST", "/marketplace/earnings/statements/batches", {
      token: tokens.admin,
      body: period,
    });
    expect(again.body).toEqual(closed.body);
    const finalized = (await read(open.id, tokens.developer)).body;
    expect(finalized).toMatchObject({ status: "finalized", batchId: closed.body.batchId });

    // a refund now: this month is closed, so it lands in next month's statement as an adjustment
    const purchases = await call<{ items: { paymentReference: string }[] }>(
      "GET",
      "/marketplace/providers/purchases",
      {
        token: tokens.provider,
      },
    );
    const paymentIntentId = purchases.body.items[0]!.paymentReference;
    await notify(chargeRefunded({ paymentIntentId, amount: 2500, amountRefunded: 1000, currency: "EUR" }));
    const next = await statementWith("developer", tokens.developer, 1, "open");
    expect(new Date(next.periodStartUtc).getTime()).toBe(end.getTime());
    expect((await read(next.id, tokens.developer)).body.lines.map((l) => [l.kind, l.gross, l.share])).toEqual(
      [["adjustment", -500, -200]],
    );
    expect((await read(open.id, tokens.developer)).body.totals).toEqual(finalized.totals);

    // paid: an admin of another organisation does not find it; the developer organisation's admin pays it
    await expectProblem(
      await call("POST", `/marketplace/earnings/statements/${open.id}/paid`, { token: tokens.admin }),
      404,
      "not-found",
    );
    const paid = await call<Statement>("POST", `/marketplace/earnings/statements/${open.id}/paid`, {
      token: tokens.developerAdmin,
    });
    expect(paid.status).toBe(200);
    expect(paid.body.status).toBe("paid");
    const twice = await call<Statement>("POST", `/marketplace/earnings/statements/${open.id}/paid`, {
      token: tokens.developerAdmin,
    });
    expect(twice.body).toEqual(paid.body);
    await expectProblem(
      await call("POST", `/marketplace/earnings/statements/${next.id}/paid`, {
        token: tokens.developerAdmin,
      }),
      409,
      "invalid-state",
    );
  });
});
