import { randomUUID } from "node:crypto";
import { DEMO_ORGANISATIONS } from "@mp/local/demo";
import { demoApi } from "@mp/local/demo-api";
import { linkApplication, listItem, offerItem, publishApplication } from "@mp/local/demo-items";
import { DEMO_APPLICATIONS, demoSeed } from "@mp/local/simulator";
import type { LocalStack } from "@mp/local/stack";
import { type RunningStripeStandIn, startStripeStandIn } from "@mp/local/stripe";
import { freePort, waitFor } from "@mp/testing";
import { type Browser, chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectProblem, httpClient } from "./http";
import { startTestStack } from "./stack";

/**
 * Buying through Stripe Checkout, end to end: the provider asks for a checkout session, a buyer pays (or
 * declines) on the hosted page in headless Chromium, Stripe's signed notifications make the purchase, the
 * device downloads and installs; then refunds, part and rest, through Stripe's refund notifications into
 * the purchase and the ledger. Stripe is the local stand-in (`@mp/local/stripe`), started before the stack
 * so its notifications go to the stack's gateway; the last test stops it: Stripe unreachable is a 503.
 */
const SECRET = "whsec_e2e_checkout_00000000000000000";
const provider = DEMO_ORGANISATIONS.provider.id;
const devices = demoSeed().devices.filter((d) => d.organisationId === provider);
const id = (n: number) => devices[n]!.deviceId.toLowerCase();
/** Trackers without an application: one buyer pays, one declines. */
const PAYS = id(5);
const DECLINES = id(2);
const V12 = "1.2.0+00000009";
const PRICE = 2500;

let stack: LocalStack;
let stripe: RunningStripeStandIn;
let browser: Browser;
let call: ReturnType<typeof httpClient>;
let tokens: { provider: string; otherProvider: string };
let instanceId: string;
let itemId: string;
let unlistedItemId: string;
let purchaseId: string;
const logs: string[] = [];

type Session = { checkoutSessionId: string; url: string; expiresAt: string; amount: { amount: number } };
type Purchase = {
  id: string;
  deviceId: string;
  status: string;
  amount: { amount: number; currency: string };
};

const checkout = (body: Record<string, unknown>, item = itemId, token = tokens.provider) =>
  call<Session>("POST", `/marketplace/providers/listings/${item}/checkout-sessions`, {
    token,
    body: {
      marketplaceInstanceId: instanceId,
      successUrl: `${stack.gatewayUrl}/paid`,
      cancelUrl: `${stack.gatewayUrl}/cancelled`,
      ...body,
    },
  });
const purchasesOf = async (deviceId: string) =>
  (
    await call<{ items: Purchase[] }>("GET", `/marketplace/providers/purchases?deviceId=${deviceId}`, {
      token: tokens.provider,
    })
  ).body.items;
const refund = (body: Record<string, unknown>, token = tokens.provider, purchase = purchaseId) =>
  call<{ refundId: string; status: string; amount: { amount: number } }>(
    "POST",
    `/marketplace/providers/purchases/${purchase}/refunds`,
    { token, body },
  );
const untilStatus = (status: string) =>
  waitFor(
    async () => {
      const found = (await purchasesOf(PAYS)).find((p) => p.id === purchaseId);
      return found?.status === status ? found : undefined;
    },
    { what: `the purchase ${status}`, timeoutMs: 60_000 },
  );

/** Opens the session's hosted page in Chromium, clicks `button`, and resolves to where the browser lands. */
async function onHostedPage(
  url: string,
  button: "Pay" | "Decline",
): Promise<{ text: string; landed: string }> {
  const page = await browser.newPage();
  try {
    await page.goto(url);
    const text = (await page.locator("body").textContent()) ?? "";
    await Promise.all([
      page.waitForURL((u) => !u.pathname.startsWith("/c/pay/")),
      page.getByRole("button", { name: button }).click(),
    ]);
    return { text, landed: page.url() };
  } finally {
    await page.close();
  }
}

beforeAll(async () => {
  const gatewayPort = await freePort();
  stripe = await startStripeStandIn({
    webhookUrl: `http://127.0.0.1:${gatewayPort}/marketplace/webhooks/stripe`,
    webhookSecret: SECRET,
    retryDelaysMs: [500, 1000, 2000],
  });
  stack = await startTestStack(
    logs,
    { STRIPE_WEBHOOK_SECRET: SECRET, STRIPE_API_BASE: stripe.url, SIMULATOR_TICK_MS: "0" },
    { gatewayPort },
  );
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--headless"],
  });
  call = httpClient(stack.gatewayUrl);
  const developer = stack.credentials.developer.token;
  tokens = {
    provider: stack.credentials.provider.token,
    otherProvider: await stack.signToken({
      org: "0193a5d0-0000-7000-8000-0000000000fe",
      roles: ["provider"],
    }),
  };
  const instance = await call("POST", "/marketplace/instances", {
    token: stack.credentials.admin.token,
    body: { name: "Checkout", defaultCurrency: "EUR", platformFeeBps: 1000 },
  });
  instanceId = instance.body.id as string;
  const api = demoApi(stack.gatewayUrl);
  const applicationId = DEMO_APPLICATIONS.assetTracker;
  itemId = (await linkApplication(api, developer, instanceId, applicationId)).id;
  const releases = await call<{ items: { releaseId: string }[] }>(
    "GET",
    `/marketplace/developers/infuse-iot/applications/${applicationId}/releases?limit=100&offset=0`,
    { token: developer },
  );
  for (const release of releases.body.items) {
    await call("POST", `/marketplace/developers/marketplace-items/${itemId}/infuse-iot-releases`, {
      token: developer,
      body: { releaseId: release.releaseId },
    });
  }
  await publishApplication(api, developer, {
    instanceId,
    application: { applicationId, name: "Asset tracker", marketplaceItemId: itemId },
    basePrice: { amount: 1000, currency: "EUR" },
  });
  await offerItem(api, stack.credentials.admin.token, instanceId, itemId);
  await listItem(api, tokens.provider, {
    instanceId,
    itemId,
    price: { amount: PRICE, currency: "EUR" },
    visibility: "public",
  });
  unlistedItemId = (await linkApplication(api, developer, instanceId, DEMO_APPLICATIONS.coldChain)).id;
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  await stripe?.stop();
});

describe("checkout through Stripe", () => {
  it("pays in the browser: the purchase appears, the device may download and install the item", async () => {
    const created = await checkout({ deviceId: PAYS.toUpperCase(), customerEmail: "buyer@example.com" });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.checkoutSessionId).toMatch(/^cs_test_/);
    expect(created.headers.get("location")).toBe(created.body.url);
    expect(created.body.amount).toEqual({ amount: PRICE, currency: "EUR" });
    const ttl = Date.parse(created.body.expiresAt) - Date.now();
    expect(ttl).toBeGreaterThan(29 * 60_000);
    expect(ttl).toBeLessThanOrEqual(31 * 60_000);

    const { text, landed } = await onHostedPage(created.body.url, "Pay");
    expect(text).toContain("Asset tracker");
    expect(text).toContain("25.00");
    expect(landed.startsWith(`${stack.gatewayUrl}/paid`)).toBe(true);

    const [purchase] = await waitFor(
      async () => {
        const found = await purchasesOf(PAYS);
        return found.length > 0 ? found : undefined;
      },
      { what: "the purchase made from Stripe's notifications", timeoutMs: 60_000 },
    );
    expect(purchase).toMatchObject({
      deviceId: PAYS,
      status: "completed",
      amount: { amount: PRICE, currency: "EUR" },
    });
    purchaseId = purchase!.id;
    // checkout.session.completed and payment_intent.succeeded both announce the payment: still one purchase
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await purchasesOf(PAYS)).toHaveLength(1);

    const access = await waitFor(
      async () => {
        const answer = await call<{ eligible: boolean }>(
          "GET",
          `/marketplace/marketplace-items/${itemId}/downloads/${encodeURIComponent(V12)}/access?deviceId=${PAYS}`,
          { token: tokens.provider },
        );
        return answer.body.eligible ? answer : undefined;
      },
      { what: "an eligible download", timeoutMs: 30_000 },
    );
    expect(access.status).toBe(200);
    const install = await call<{ status: string }>(
      "POST",
      `/marketplace/providers/devices/${PAYS}/purchases/${itemId}/install`,
      { token: tokens.provider, body: { version: V12 } },
    );
    expect(install.status, JSON.stringify(install.body)).toBe(200);
    expect(install.body.status).toBe("queued");

    expectProblem(await checkout({ deviceId: PAYS }), 409, "already-purchased");
  });

  it("declines in the browser: back to cancelUrl, and no purchase", async () => {
    const created = await checkout({ deviceId: DECLINES });
    expect(created.status).toBe(201);
    const { landed } = await onHostedPage(created.body.url, "Decline");
    expect(landed.startsWith(`${stack.gatewayUrl}/cancelled`)).toBe(true);
    await waitFor(
      async () => {
        const sent = await (await fetch(`${stripe.url}/_control/deliveries`)).json();
        return (sent as { attempts: { type: string; status: number }[] }).attempts.some(
          (a) => a.type === "payment_intent.payment_failed" && a.status === 204,
        )
          ? true
          : undefined;
      },
      { what: "payment_intent.payment_failed delivered", timeoutMs: 30_000 },
    );
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await purchasesOf(DECLINES)).toEqual([]);
  });

  it("refuses before Stripe: not listed, another's device, bad input, another's purchase", async () => {
    expectProblem(await checkout({ deviceId: DECLINES }, unlistedItemId), 409, "not-listed");
    expectProblem(await checkout({ deviceId: DECLINES }, randomUUID()), 409, "not-listed");
    // another organisation naming A's device: 404, whatever the item
    expectProblem(await checkout({ deviceId: DECLINES }, itemId, tokens.otherProvider), 404, "not-found");
    expectProblem(await checkout({ deviceId: "ffffffffffffffff" }), 404, "not-found");
    const bad = await checkout({ deviceId: DECLINES, successUrl: "ftp://example.com/paid" });
    expectProblem(bad, 400, "validation-failed");
    expect(Object.keys((bad.body as unknown as { errors: object }).errors)).toEqual(["body.successUrl"]);
    expectProblem(await refund({}, tokens.otherProvider), 404, "not-found");
    expectProblem(await refund({}, tokens.provider, randomUUID()), 404, "not-found");
  });

  it("refunds part then the rest: partially_refunded, then refunded, the ledger reversed exactly", async () => {
    const part = await refund({ amount: 1000, reason: "requested_by_customer" });
    expect(part.status, JSON.stringify(part.body)).toBe(202);
    expect(part.body.refundId).toMatch(/^re_/);
    expect(part.body.amount).toEqual({ amount: 1000, currency: "EUR" });
    await untilStatus("partially_refunded");
    const over = await refund({ amount: PRICE - 1000 + 1 });
    expectProblem(over, 409, "refund-exceeds-remaining");
    expect((over.body as unknown as { remaining: unknown }).remaining).toEqual({
      amount: PRICE - 1000,
      currency: "EUR",
    });
    const rest = await refund({});
    expect(rest.status).toBe(202);
    expect(rest.body.amount).toEqual({ amount: PRICE - 1000, currency: "EUR" });
    await untilStatus("refunded");
    expectProblem(await refund({}), 409, "refund-exceeds-remaining");

    const now = new Date();
    const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString();
    const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString();
    const summary = await waitFor(
      async () => {
        const read = await call<{ totals: Record<string, number | string>[] }>(
          "GET",
          `/marketplace/providers/earnings/summary?startUtc=${start}&endUtc=${end}`,
          { token: tokens.provider },
        );
        return read.body.totals?.[0]?.refunds === PRICE ? read.body : undefined;
      },
      { what: "the ledger with both refunds", timeoutMs: 60_000 },
    );
    expect(summary.totals).toEqual([
      {
        currency: "EUR",
        grossSales: PRICE,
        refunds: PRICE,
        platformFees: 0,
        developerCosts: 0,
        netEarnings: 0,
        purchaseCount: 1,
      },
    ]);
  });

  it("answers 503 with Retry-After when Stripe cannot be reached", async () => {
    await stripe.stop();
    const down = await checkout({ deviceId: DECLINES });
    expectProblem(down, 503, "upstream-unavailable");
    expect(Number(down.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});
