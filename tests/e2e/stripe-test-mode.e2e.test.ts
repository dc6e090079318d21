import { DEMO_ORGANISATIONS } from "@mp/local/demo";
import { type DemoData, seedDemoData } from "@mp/local/demo-data";
import { reconcileOnce } from "@mp/local/reconcile-once";
import { demoSeed } from "@mp/local/simulator";
import type { LocalStack } from "@mp/local/stack";
import { makeStripeClient } from "@mp/stripe";
import { waitFor } from "@mp/testing";
import type Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpClient } from "./http";
import { startTestStack } from "./stack";

/**
 * Checkout, payment, refunds and reconciliation against **Stripe's test mode** instead of the local
 * stand-in. Only with `STRIPE_TEST_SECRET_KEY=sk_test_...` in the environment (never in CI): without it
 * the cases below are not run (`describe.runIf`; vitest lists them as skipped) and nothing is started.
 *
 *   STRIPE_TEST_SECRET_KEY=sk_test_... pnpm vitest run tests/e2e/stripe-test-mode.e2e.test.ts
 *
 * The stack then calls api.stripe.com with that key (the launcher starts no stand-in). What cannot be
 * driven from here, and so is not: Stripe's notifications cannot reach a gateway on 127.0.0.1 (no
 * tunnel), and Stripe's hosted Checkout page is not clicked through (no `stripe trigger`, no test clock).
 * So: the Checkout Session the gateway creates is checked on Stripe (shape, price, metadata, expiry) and
 * then expired; the payment is a PaymentIntent confirmed server-side with Stripe's test card
 * (`pm_card_visa`) carrying the metadata a checkout carries, and the purchase comes from reconciliation
 * over Stripe's real `GET /v1/events` (exactly once, a second pass adds nothing); the refunds are made
 * through the gateway and arrive through reconciliation too. The account's other events (other runs, other
 * people's) are listed as well and, naming no listing of this stack, stay unmatched: assertions are on
 * this run's payment only.
 */
const KEY = process.env.STRIPE_TEST_SECRET_KEY;

describe.runIf(Boolean(KEY))("against Stripe's test mode (STRIPE_TEST_SECRET_KEY)", () => {
  const logs: string[] = [];
  const provider = DEMO_ORGANISATIONS.provider.id;
  const devices = demoSeed().devices.filter((d) => d.organisationId === provider);
  let stack: LocalStack;
  let stripe: Stripe;
  let demo: DemoData;
  let call: ReturnType<typeof httpClient>;

  type Purchase = { id: string; deviceId: string; paymentReference: string; status: string };

  beforeAll(async () => {
    if (!KEY?.startsWith("sk_test_"))
      throw new Error("STRIPE_TEST_SECRET_KEY must be a test-mode key (sk_test_)");
    stack = await startTestStack(logs, { STRIPE_API_KEY: KEY, SIMULATOR_TICK_MS: "0" });
    expect(stack.stripeApiBase).toBeUndefined();
    stripe = makeStripeClient({ STRIPE_API_KEY: KEY });
    demo = await seedDemoData(stack.gatewayUrl, stack.credentials);
    call = httpClient(stack.gatewayUrl);
  }, 240_000);

  afterAll(async () => {
    await stack?.stop();
  });

  const purchasesOf = async (deviceId: string) =>
    (
      await call<{ items: Purchase[] }>("GET", `/marketplace/providers/purchases?deviceId=${deviceId}`, {
        token: stack.credentials.provider.token,
      })
    ).body.items;
  const reconcile = () =>
    reconcileOnce({ databaseUrl: stack.databaseUrl, stripeApiBase: undefined, stripeApiKey: KEY });

  it("creates the Checkout Session on Stripe at the listing's price, with the metadata and expiry", async () => {
    const listing = demo.listings[0]!;
    const deviceId = devices[5]!.deviceId.toLowerCase();
    const created = await call<{
      checkoutSessionId: string;
      url: string;
      expiresAt: string;
      amount: { amount: number; currency: string };
    }>("POST", `/marketplace/providers/listings/${listing.itemId}/checkout-sessions`, {
      token: stack.credentials.provider.token,
      body: {
        marketplaceInstanceId: demo.instanceId,
        deviceId,
        successUrl: "https://shop.example/paid",
        cancelUrl: "https://shop.example/cancelled",
      },
    });
    expect(created.status).toBe(201);
    const { checkoutSessionId, url, expiresAt, amount } = created.body;
    expect(checkoutSessionId).toMatch(/^cs_test_/);
    expect(url).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    expect(amount).toEqual(listing.price);
    const minutes = (Date.parse(expiresAt) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(28);
    expect(minutes).toBeLessThanOrEqual(30.5);

    const session = await stripe.checkout.sessions.retrieve(checkoutSessionId, { expand: ["line_items"] });
    expect(session).toMatchObject({
      mode: "payment",
      livemode: false,
      status: "open",
      amount_total: listing.price.amount,
      currency: listing.price.currency.toLowerCase(),
      success_url: "https://shop.example/paid",
      metadata: {
        listingId: listing.id,
        deviceId,
        marketplaceItemId: listing.itemId,
        marketplaceInstanceId: demo.instanceId,
      },
    });
    expect(session.line_items?.data).toHaveLength(1);
    expect(session.line_items?.data[0]?.quantity).toBe(1);
    await stripe.checkout.sessions.expire(checkoutSessionId);
  }, 60_000);

  it("buys once from a test-mode payment by reconciliation; refunds, part then rest, arrive the same way", async () => {
    const listing = demo.listings[1]!;
    const deviceId = devices[6]!.deviceId.toLowerCase();
    const metadata = {
      listingId: listing.id,
      deviceId,
      marketplaceItemId: listing.itemId,
      marketplaceInstanceId: demo.instanceId,
    };
    const intent = await stripe.paymentIntents.create({
      amount: listing.price.amount,
      currency: listing.price.currency.toLowerCase(),
      payment_method: "pm_card_visa",
      confirm: true,
      automatic_payment_methods: { enabled: true, allow_redirects: "never" },
      metadata,
    });
    expect(intent.status).toBe("succeeded");

    // Nothing can notify this gateway: only reconciliation finds the payment (Stripe may list an event
    // a moment after it happened, so passes are repeated until it is there).
    const purchase = await waitFor(
      async () => {
        await reconcile();
        return (await purchasesOf(deviceId)).find((p) => p.paymentReference === intent.id);
      },
      { what: "the purchase from reconciliation", timeoutMs: 90_000, intervalMs: 3_000 },
    );
    expect(purchase.status).toBe("completed");
    await reconcile();
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect((await purchasesOf(deviceId)).filter((p) => p.paymentReference === intent.id)).toHaveLength(1);

    const refund = (body: Record<string, unknown>) =>
      call<{ refundId: string; status: string }>(
        "POST",
        `/marketplace/providers/purchases/${purchase.id}/refunds`,
        { token: stack.credentials.provider.token, body },
      );
    const untilStatus = (status: string) =>
      waitFor(
        async () => {
          await reconcile();
          const found = (await purchasesOf(deviceId)).find((p) => p.id === purchase.id);
          return found?.status === status ? found : undefined;
        },
        { what: `the purchase ${status}`, timeoutMs: 90_000, intervalMs: 3_000 },
      );
    const part = Math.floor(listing.price.amount / 4);
    const first = await refund({ amount: part, reason: "requested_by_customer" });
    expect(first.status).toBe(202);
    expect(first.body.refundId).toMatch(/^re_/);
    await untilStatus("partially_refunded");
    const rest = await refund({});
    expect(rest.status).toBe(202);
    await untilStatus("refunded");
    const onStripe = await stripe.refunds.list({ payment_intent: intent.id });
    expect(onStripe.data.map((r) => r.amount).sort((a, b) => a - b)).toEqual(
      [part, listing.price.amount - part].sort((a, b) => a - b),
    );
  }, 300_000);
});
