import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import { DEMO_ORGANISATIONS } from "@mp/local/demo";
import { demoApi } from "@mp/local/demo-api";
import { type DemoData, seedDemoData } from "@mp/local/demo-data";
import { seedDemoPurchases } from "@mp/local/demo-purchases";
import { reconcileOnce } from "@mp/local/reconcile-once";
import { demoSeed } from "@mp/local/simulator";
import type { LocalStack } from "@mp/local/stack";
import { makeStripeClient } from "@mp/stripe";
import { waitFor } from "@mp/testing";
import type Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestStack } from "./stack";

/**
 * Buying through the local Stripe stand-in the launcher starts: the demo's purchases (checkout, pay on the
 * hosted page, Stripe's signed notifications to the gateway, a refund through Stripe's API), then a
 * payment whose notifications are all withheld, found by one reconciliation pass and bought exactly once.
 */
let stack: LocalStack;
let stripe: Stripe;
let demo: DemoData;
const logs: string[] = [];

interface Purchase {
  listingId: string;
  deviceId: string;
  paymentReference: string;
  status: string;
  amount: { amount: number; currency: string };
}

beforeAll(async () => {
  stack = await startTestStack(logs);
  expect(stack.stripeApiBase).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  stripe = makeStripeClient({ STRIPE_API_KEY: "sk_test_dev", STRIPE_API_BASE: stack.stripeApiBase });
  demo = await seedDemoData(stack.gatewayUrl, stack.credentials);
}, 240_000);

afterAll(async () => {
  await stack?.stop();
});

/** `pnpm pay ...` against this stack (its data directory holds the credentials file). */
async function pay(...args: string[]): Promise<string> {
  const cli = join(import.meta.dirname, "../../deploy/local/src/pay-cli.ts");
  const dataDir = dirname(stack.credentialsFile);
  const { stdout } = await promisify(execFile)(process.execPath, [
    "--import",
    "tsx",
    cli,
    ...args,
    "--data-dir",
    dataDir,
  ]);
  return stdout;
}

const purchases = async (): Promise<Purchase[]> => {
  const page = await demoApi(stack.gatewayUrl)<{ items: Purchase[] }>(
    "GET",
    "/marketplace/providers/purchases?page=1&pageSize=100",
    stack.credentials.provider.token,
  );
  expect(page.status).toBe(200);
  return page.body.items;
};

describe("checkout through the Stripe stand-in", () => {
  it("makes the demo purchases from Stripe's notifications, at the listings' prices", async () => {
    const bought = await seedDemoPurchases({
      gatewayUrl: stack.gatewayUrl,
      credentials: stack.credentials,
      stripeApiBase: stack.stripeApiBase ?? "",
      devices: demoSeed().devices,
      demo,
    });
    expect(bought.purchases).toHaveLength(2);
    expect(bought.install?.status).toBe("succeeded");
    const [first, second] = bought.purchases;
    await waitFor(
      async () => {
        const made = await purchases();
        const byIntent = (id: string | undefined) => made.find((p) => p.paymentReference === id);
        expect(byIntent(first?.paymentIntentId)?.status).toBe("completed");
        expect(byIntent(second?.paymentIntentId)?.status).toBe("partially_refunded");
        for (const purchase of bought.purchases) {
          const listing = demo.listings.find((l) => l.id === purchase.listingId);
          expect(byIntent(purchase.paymentIntentId)?.amount).toEqual(listing?.price);
        }
        return true;
      },
      { timeoutMs: 60_000, intervalMs: 250, what: "the demo purchases" },
    );
    // Over kept data (a restart), nothing is bought twice.
    const again = await seedDemoPurchases({
      gatewayUrl: stack.gatewayUrl,
      credentials: stack.credentials,
      stripeApiBase: stack.stripeApiBase ?? "",
      devices: demoSeed().devices,
      demo,
    });
    expect(again.purchases.map((p) => p.paymentIntentId)).toEqual(
      bought.purchases.map((p) => p.paymentIntentId),
    );
    expect(await purchases()).toHaveLength(2);
  }, 240_000);

  it("buys exactly once from a payment whose notifications were all lost, after one reconciliation pass", async () => {
    const off = await fetch(`${stack.stripeApiBase}/_control/deliveries`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ enabled: false }),
    });
    expect(off.status).toBe(200);
    const listing = demo.listings[2];
    if (!listing) throw new Error("the demo has no third listing");
    const taken = new Set((await purchases()).map((p) => p.deviceId.toLowerCase()));
    const device = demoSeed()
      .devices.filter((d) => d.organisationId === DEMO_ORGANISATIONS.provider.id)
      .map((d) => d.deviceId.toLowerCase())
      .find((id) => !taken.has(id));
    if (!device) throw new Error("no free demo device");
    const metadata = { listingId: listing.id, deviceId: device };
    const session = await stripe.checkout.sessions.create({
      mode: "payment",
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: listing.price.currency.toLowerCase(),
            unit_amount: listing.price.amount,
            product_data: { name: "Withheld" },
          },
        },
      ],
      success_url: "https://shop.example/done",
      metadata,
      payment_intent_data: { metadata },
    });
    expect((await fetch(`${session.url}/pay`, { method: "POST", redirect: "manual" })).status).toBe(303);
    const intent = String((await stripe.checkout.sessions.retrieve(session.id)).payment_intent);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect((await purchases()).filter((p) => p.paymentReference === intent)).toEqual([]);

    const pass = await reconcileOnce({ databaseUrl: stack.databaseUrl, stripeApiBase: stack.stripeApiBase });
    expect(pass).toMatchObject({ ran: true, recovered: 2 });
    await waitFor(
      async () => {
        const made = (await purchases()).filter((p) => p.paymentReference === intent);
        expect(made.map((p) => [p.status, p.amount])).toEqual([["completed", listing.price]]);
        return true;
      },
      { timeoutMs: 30_000, intervalMs: 250, what: "the reconciled purchase" },
    );
    const second = await reconcileOnce({
      databaseUrl: stack.databaseUrl,
      stripeApiBase: stack.stripeApiBase,
    });
    expect(second).toMatchObject({ ran: true, recovered: 0 });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect((await purchases()).filter((p) => p.paymentReference === intent)).toHaveLength(1);
  }, 120_000);

  it("pnpm pay pays a listing at its current price by default, and pnpm pay reconcile runs a pass", async () => {
    const listing = demo.listings[3] ?? demo.listings[0];
    if (!listing) throw new Error("the demo has no listings");
    // The notification is signed and stored; whose device it names does not matter to its price.
    const device = "0123456789abcdef";
    const out = await pay("--listing", listing.id, "--device", device);
    const intent = /payment intent (pi_\S+)\)/.exec(out)?.[1];
    expect(out).toMatch(/-> 204/);
    const history = JSON.parse(
      await readFile(join(dirname(stack.credentialsFile), "pay-history.json"), "utf8"),
    );
    expect(history[intent ?? ""]).toEqual({ ...listing.price, refunded: 0 });
    expect(await pay("reconcile")).toMatch(/^reconciliation: \d+ events listed since .*, 0 recovered/);
  }, 60_000);
});
