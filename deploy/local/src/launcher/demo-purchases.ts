import { createHash } from "node:crypto";
import {
  chargeRefunded,
  checkoutSessionCompleted,
  type StripeEvent,
  signedStripeEvent,
} from "@mp/testing/stripe";
import type { SeedDevice } from "../simulator";
import type { DemoCredentials } from "./credentials";
import { type DemoCall, demoApi, eventually, expectStatus } from "./demo-api";
import type { DemoData } from "./demo-data";

export interface DemoPurchasesInput {
  gatewayUrl: string;
  credentials: DemoCredentials;
  /** The secret settlements verifies notifications with. */
  stripeWebhookSecret: string;
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
 * Demo purchases, made as Stripe would make them: signed test-mode notifications to the webhook. The
 * provider buys its first two listings, each for a device of its own whose board the item's release was
 * built for (not one flagged to fail); a quarter of the second is refunded; the first is installed and
 * followed until the platform reports it. Event and payment ids derive from the listing and device, so a
 * restart resends the same events and changes nothing.
 */
export async function seedDemoPurchases(input: DemoPurchasesInput): Promise<DemoPurchases> {
  const call = demoApi(input.gatewayUrl);
  const { developer, provider } = input.credentials;
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
    const paymentIntentId = `pi_demo_${digest(`${listing.id}/${deviceId}`)}`;
    const payment = { listingId: listing.id, deviceId, ...listing.price, paymentIntentId };
    await notify(input, checkoutSessionCompleted(payment, { id: `evt_demo_${digest(paymentIntentId)}` }));
    purchases.push({ paymentIntentId, listingId: listing.id, deviceId, marketplaceItemId: listing.itemId });
    if (purchases.length === 2) {
      const refund = chargeRefunded(
        {
          paymentIntentId,
          amount: listing.price.amount,
          amountRefunded: Math.floor((listing.price.amount * DEMO_REFUND_PERCENT) / 100),
          currency: listing.price.currency,
        },
        { id: `evt_demo_${digest(`${paymentIntentId}/refund`)}` },
      );
      await notify(input, refund);
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

async function notify(input: DemoPurchasesInput, event: StripeEvent): Promise<void> {
  const { body, signature } = signedStripeEvent(event, input.stripeWebhookSecret);
  const response = await fetch(new URL("/marketplace/webhooks/stripe", input.gatewayUrl), {
    method: "POST",
    headers: { "content-type": "application/json", "stripe-signature": signature },
    body,
  });
  if (response.status !== 204)
    throw new Error(`demo data: the ${event.type} notification answered ${response.status}`);
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

/** A short stable id part: 24 hex characters of the SHA-256 of `text`. */
function digest(text: string): string {
  return createHash("sha256").update(text).digest("hex").slice(0, 24);
}
