import { setTimeout as sleep } from "node:timers/promises";
import { DEMO_ORGANISATIONS } from "@mp/local/demo";
import { seedDemoData } from "@mp/local/demo-data";
import { demoSeed } from "@mp/local/simulator";
import type { Pool } from "undici";
import { authHeader, type BenchContext } from "../scenario";

/** What a checkout scenario buys: the demo provider's first listing, for devices of its own. */
export interface CheckoutFixture {
  instanceId: string;
  itemId: string;
  /** The listing's price (minor units). */
  price: { amount: number; currency: string };
  /** The demo provider's devices (lowercase ids), none with a purchase of the item yet. */
  devices: string[];
}

export interface CheckoutSession {
  checkoutSessionId: string;
  url: string;
}

/**
 * The demo data (instance, items, the provider's listings) made through the API as the launcher makes it
 * (only what is missing), and the provider's devices that have not bought the first listed item.
 */
export async function checkoutFixture(ctx: BenchContext): Promise<CheckoutFixture> {
  // seedDemoData signs in as admin, developer and provider only; the operator's token is never used.
  const credentials = {
    admin: { token: ctx.tokens.admin, organisationId: DEMO_ORGANISATIONS.admin.id },
    developer: { token: ctx.tokens.developer, organisationId: DEMO_ORGANISATIONS.developer.id },
    provider: { token: ctx.tokens.provider, organisationId: DEMO_ORGANISATIONS.provider.id },
    operator: { token: ctx.tokens.admin, organisationId: DEMO_ORGANISATIONS.operator.id },
  };
  const demo = await seedDemoData(ctx.gatewayUrl, credentials);
  const listing = demo.listings[0];
  if (!listing) throw new Error("the demo data has no listing");
  const owned = demoSeed()
    .devices.filter((d) => d.organisationId === DEMO_ORGANISATIONS.provider.id)
    .map((d) => d.deviceId.toLowerCase());
  const devices: string[] = [];
  for (const deviceId of owned) {
    if ((await purchasesOf(ctx.gateway, ctx.tokens.provider, deviceId, listing.itemId)) === 0)
      devices.push(deviceId);
  }
  return { instanceId: demo.instanceId, itemId: listing.itemId, price: listing.price, devices };
}

export function checkoutPath(itemId: string): string {
  return `/marketplace/providers/listings/${itemId}/checkout-sessions`;
}

export function checkoutBody(ctx: BenchContext, fixture: CheckoutFixture, deviceId: string) {
  return {
    marketplaceInstanceId: fixture.instanceId,
    deviceId,
    successUrl: `${ctx.gatewayUrl}/bench/paid`,
    cancelUrl: `${ctx.gatewayUrl}/bench/cancelled`,
  };
}

export type CheckoutProbe = { status: "ready"; session: CheckoutSession } | { status: "not-built" };

/**
 * What a checkout answer says about the route: 201 "ready"; a route the gateway does not know (404 "No
 * route matches", 405) or a pending one (501) "not-built"; 409 not-listed "retry" (purchases has not yet
 * learned a listing just made); anything else (a device of another organisation's 404 too) "refused".
 */
export function checkoutVerdict(status: number, body: string): "ready" | "not-built" | "retry" | "refused" {
  if (status === 201) return "ready";
  if (status === 501 || status === 405 || (status === 404 && body.includes("No route matches")))
    return "not-built";
  if (status === 409 && body.includes("not-listed")) return "retry";
  return "refused";
}

/** One checkout through the gateway, retried for up to 30 s while the listing is not yet known. */
export async function probeCheckout(
  ctx: BenchContext,
  fixture: CheckoutFixture,
  deviceId: string,
): Promise<CheckoutProbe> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const response = await ctx.gateway.request({
      method: "POST",
      path: checkoutPath(fixture.itemId),
      headers: { ...authHeader(ctx.tokens.provider), "content-type": "application/json" },
      body: JSON.stringify(checkoutBody(ctx, fixture, deviceId)),
    });
    const text = await response.body.text();
    const verdict = checkoutVerdict(response.statusCode, text);
    if (verdict === "ready") return { status: "ready", session: JSON.parse(text) as CheckoutSession };
    if (verdict === "not-built") return { status: "not-built" };
    if (verdict === "refused" || Date.now() > deadline)
      throw new Error(`checkout answered ${response.statusCode}: ${text.slice(0, 200)}`);
    await sleep(250);
  }
}

/** How many purchases of `itemId` the provider's `deviceId` has (any status). */
export async function purchasesOf(
  pool: Pool,
  token: string,
  deviceId: string,
  itemId: string,
): Promise<number> {
  const response = await pool.request({
    method: "GET",
    path: `/marketplace/providers/purchases?deviceId=${deviceId}&page=1&pageSize=100`,
    headers: authHeader(token),
  });
  const text = await response.body.text();
  if (response.statusCode !== 200) throw new Error(`purchases answered ${response.statusCode}: ${text}`);
  const page = JSON.parse(text) as { items: { marketplaceItemId: string }[] };
  return page.items.filter((p) => p.marketplaceItemId.toLowerCase() === itemId.toLowerCase()).length;
}
