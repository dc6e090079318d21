import { makeStripeClient } from "@mp/stripe";
import type Stripe from "stripe";
import type { SeedDevice } from "../simulator";
import type { DemoCredentials } from "./credentials";
import { type DemoCall, demoApi, eventually, expectStatus } from "./demo-api";
import type { DemoData } from "./demo-data";
import { DEV_SECRETS } from "./stack-env";

export interface DemoPurchasesInput {
  gatewayUrl: string;
  credentials: DemoCredentials;
  /** The Stripe stand-in (`STRIPE_API_BASE`): the demo checks out and pays through it. */
  stripeApiBase: string;
  /** The IoT devices of the simulator's world; the demo buys for the provider's. */
  devices: readonly SeedDevice[];
  demo: DemoData;
}

export interface DemoPurchases {
  /** The purchases made: the first is installed on its device, the second partly refunded. */
  purchases: { paymentIntentId: string; listingId: string; deviceId: string; marketplaceItemId: string }[];
  /** The install's rpc id and final status, when one was made. */
  install?: { rpcId: string; status: string };
}

/** Part of the second purchase that the demo refunds, in percent. */
const DEMO_REFUND_PERCENT = 25;

/**
 * Demo purchases, made as a buyer makes them: a Stripe Checkout Session on the stand-in at the listing's
 * price, paid on its hosted page, so the stand-in sends Stripe's signed notifications to the gateway. The
 * provider buys its first two listings, each for a device of its own whose board the item's release was
 * built for (not one flagged to fail); a quarter of the second is refunded through Stripe's refunds API;
 * the first is installed and followed until the platform reports it. A listing the device already owns
 * (a restart over kept data) is not bought again.
 */
export async function seedDemoPurchases(input: DemoPurchasesInput): Promise<DemoPurchases> {
  const call = demoApi(input.gatewayUrl);
  const { developer, provider } = input.credentials;
  const stripe = makeStripeClient({
    STRIPE_API_KEY: DEV_SECRETS.STRIPE_API_KEY,
    STRIPE_API_BASE: input.stripeApiBase,
  });
  const owned = await purchasesOf(call, provider.token);
  const used = new Set<string>();
  const purchases: DemoPurchases["purchases"] = [];
  for (const listing of input.demo.listings.slice(0, 2)) {
    const board = await releaseBoard(call, developer.token, listing.itemId);
    const device = input.devices.find(
      (d) =>
        d.organisationId === provider.organisationId &&
        d.boardId.toLowerCase() === board.boardId &&
        !d.failUpdates &&
        !d.applicationState &&
        !used.has(d.deviceId),
    );
    if (!device) continue;
    used.add(device.deviceId);
    const deviceId = device.deviceId.toLowerCase();
    const earlier = owned.find((p) => p.listingId === listing.id && p.deviceId === deviceId);
    const purchase = { listingId: listing.id, deviceId, marketplaceItemId: listing.itemId };
    if (earlier) {
      purchases.push({ ...purchase, paymentIntentId: earlier.paymentReference });
      continue;
    }
    const metadata = { ...purchase, marketplaceInstanceId: input.demo.instanceId };
    const name = await itemName(call, developer.token, listing.itemId);
    const paymentIntentId = await checkOutAndPay(stripe, { ...listing.price, name, metadata });
    purchases.push({ ...purchase, paymentIntentId });
    if (purchases.length === 2) {
      const amount = Math.floor((listing.price.amount * DEMO_REFUND_PERCENT) / 100);
      await stripe.refunds.create({
        payment_intent: paymentIntentId,
        amount,
        reason: "requested_by_customer",
      });
    }
  }
  for (const purchase of purchases) await purchaseVisible(call, provider.token, purchase.paymentIntentId);
  const first = purchases[0];
  if (!first) return { purchases };
  const install = await installOnce(
    call,
    provider.token,
    first,
    await releaseBoard(call, developer.token, first.marketplaceItemId),
  );
  return { purchases, install };
}

/**
 * A Checkout Session for one item at its price, paid on the stand-in's hosted page (its `Pay` button's
 * form post); the payment intent's id, the purchase's payment reference.
 */
async function checkOutAndPay(
  stripe: Stripe,
  item: { amount: number; currency: string; name: string; metadata: Record<string, string> },
): Promise<string> {
  const session = await stripe.checkout.sessions.create({
    mode: "payment",
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: item.currency.toLowerCase(),
          unit_amount: item.amount,
          product_data: { name: item.name },
        },
      },
    ],
    metadata: item.metadata,
    payment_intent_data: { metadata: item.metadata },
    success_url: "http://127.0.0.1/demo/paid",
    cancel_url: "http://127.0.0.1/demo/cancelled",
  });
  const paid = await fetch(`${session.url}/pay`, { method: "POST", redirect: "manual" });
  if (paid.status !== 303)
    throw new Error(`demo data: paying checkout session ${session.id} answered ${paid.status}`);
  const completed = await stripe.checkout.sessions.retrieve(session.id);
  if (typeof completed.payment_intent !== "string")
    throw new Error(`demo data: checkout session ${session.id} has no payment intent after paying`);
  return completed.payment_intent;
}

/** The item's display name (the checkout page shows it). */
async function itemName(call: DemoCall, token: string, itemId: string): Promise<string> {
  const item = await call<{ displayName?: string | null }>(
    "GET",
    `/marketplace/developers/marketplace-items/${itemId}`,
    token,
  );
  expectStatus(`reading item ${itemId}`, item, 200);
  return item.body.displayName || itemId;
}

/** The provider's purchases so far (a restart over kept data finds the demo's earlier ones). */
async function purchasesOf(
  call: DemoCall,
  token: string,
): Promise<{ listingId: string; deviceId: string; paymentReference: string }[]> {
  const page = await call<{ items: { listingId: string; deviceId: string; paymentReference: string }[] }>(
    "GET",
    "/marketplace/providers/purchases?page=1&pageSize=100",
    token,
  );
  expectStatus("reading the provider's purchases", page, 200);
  return page.body.items.map((p) => ({ ...p, deviceId: p.deviceId.toLowerCase() }));
}

/** The board and version of the item's available release (the developer's view). */
async function releaseBoard(
  call: DemoCall,
  token: string,
  itemId: string,
): Promise<{ boardId: string; version: string }> {
  const page = await call<{ items: { status: string; version: string; board: { id: string } }[] }>(
    "GET",
    `/marketplace/developers/marketplace-items/${itemId}/releases?page=1&pageSize=20`,
    token,
  );
  expectStatus(`reading the releases of ${itemId}`, page, 200);
  const release = page.body.items.find((r) => r.status === "available");
  if (!release) throw new Error(`demo data: item ${itemId} has no available release`);
  return { boardId: release.board.id.toLowerCase(), version: release.version };
}

async function purchaseVisible(call: DemoCall, token: string, paymentIntentId: string): Promise<void> {
  await eventually(`the purchase of ${paymentIntentId}`, async () => {
    const page = await call<{ items: { paymentReference: string }[] }>(
      "GET",
      "/marketplace/providers/purchases?page=1&pageSize=100",
      token,
    );
    return page.body.items?.some((p) => p.paymentReference === paymentIntentId) ? true : undefined;
  });
}

const SETTLED = new Set(["succeeded", "failed", "cancelled", "expired", "already_installed"]);

/**
 * Installs the purchase's release on its device unless the device's details already show an install of
 * the item, and follows it until the platform settles it.
 */
async function installOnce(
  call: DemoCall,
  token: string,
  purchase: DemoPurchases["purchases"][number],
  release: { version: string },
): Promise<{ rpcId: string; status: string }> {
  const device = `/marketplace/providers/devices/${purchase.deviceId}`;
  const details = await eventually(`the details of device ${purchase.deviceId}`, async () => {
    const read = await call<{ installs: { rpcId: string; marketplaceItemId: string; status: string }[] }>(
      "GET",
      `${device}/details`,
      token,
    );
    return read.status === 200 ? read.body : undefined;
  });
  const earlier = details.installs.find((i) => i.marketplaceItemId === purchase.marketplaceItemId);
  let rpcId = earlier?.rpcId;
  if (!rpcId) {
    const queued = await call<{ rpcId: string }>(
      "POST",
      `${device}/purchases/${purchase.marketplaceItemId}/install`,
      token,
      { version: release.version },
    );
    expectStatus(`installing ${purchase.marketplaceItemId} on ${purchase.deviceId}`, queued, 200);
    rpcId = queued.body.rpcId;
  }
  const id = rpcId;
  const status = await eventually(
    `the install ${id} to finish`,
    async () => {
      const rpc = await call<{ status: string }>("GET", `/marketplace/providers/rpc/${id}`, token);
      return rpc.status === 200 && SETTLED.has(rpc.body.status) ? rpc.body.status : undefined;
    },
    120_000,
  );
  return { rpcId: id, status };
}
