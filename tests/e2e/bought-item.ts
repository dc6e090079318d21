import { DEMO_ORGANISATIONS } from "@mp/local/demo";
import { demoApi } from "@mp/local/demo-api";
import { linkApplication, listItem, offerItem, publishApplication } from "@mp/local/demo-items";
import { DEMO_APPLICATIONS, DEMO_BOARDS, demoSeed } from "@mp/local/simulator";
import type { LocalStack } from "@mp/local/stack";
import { waitFor } from "@mp/testing";
import { paymentIntentSucceeded, signedStripeEvent, stripeId } from "@mp/testing/stripe";
import { expect } from "vitest";
import { httpClient } from "./http";

/** What a listing of the Asset tracker costs, in minor units (EUR); every payment here pays exactly that. */
export const LISTING_PRICE = 2500;

/**
 * The demo provider's devices that a rollout of Asset tracker 1.2.0 installs once bought: trackers and
 * sensors (1.2.0 has releases for both) whose updates do not fail and that do not run 1.2 already.
 * The first `n`, lower-case.
 */
export function installableDevices(n: number): string[] {
  const runsV12 = (d: ReturnType<typeof demoSeed>["devices"][number]) =>
    d.state.applicationId === DEMO_APPLICATIONS.assetTracker &&
    d.state.applicationVersion?.major === 1 &&
    d.state.applicationVersion.minor === 2;
  return demoSeed()
    .devices.filter((d) => d.organisationId === DEMO_ORGANISATIONS.provider.id)
    .filter((d) => d.boardId === DEMO_BOARDS.tracker || d.boardId === DEMO_BOARDS.sensor)
    .filter((d) => !d.failUpdates && !runsV12(d))
    .slice(0, n)
    .map((d) => d.deviceId.toLowerCase());
}

/**
 * The Asset tracker linked by the demo developer with every release the platform has, published, offered
 * in a new instance named `instanceName` and listed publicly by the demo provider at `LISTING_PRICE`.
 */
export async function listedAssetTracker(
  stack: LocalStack,
  instanceName: string,
): Promise<{ instanceId: string; itemId: string; listingId: string; releaseIds: string[] }> {
  const call = httpClient(stack.gatewayUrl);
  const developer = stack.credentials.developer.token;
  const admin = stack.credentials.admin.token;
  const instance = await call("POST", "/marketplace/instances", {
    token: admin,
    body: { name: instanceName, defaultCurrency: "EUR", platformFeeBps: 1000 },
  });
  expect(instance.status).toBe(200);
  const instanceId = instance.body.id as string;
  const applicationId = DEMO_APPLICATIONS.assetTracker;
  const api = demoApi(stack.gatewayUrl);
  const itemId = (await linkApplication(api, developer, instanceId, applicationId)).id;
  const releases = await call<{ items: { releaseId: string }[] }>(
    "GET",
    `/marketplace/developers/infuse-iot/applications/${applicationId}/releases?limit=100&offset=0`,
    { token: developer },
  );
  const releaseIds = releases.body.items.map((release) => release.releaseId);
  for (const releaseId of releaseIds) {
    const selected = await call(
      "POST",
      `/marketplace/developers/marketplace-items/${itemId}/infuse-iot-releases`,
      { token: developer, body: { releaseId } },
    );
    expect(selected.status).toBe(200);
  }
  await publishApplication(api, developer, {
    instanceId,
    application: { applicationId, name: "Asset tracker", marketplaceItemId: itemId },
    basePrice: { amount: 1000, currency: "EUR" },
  });
  await offerItem(api, admin, instanceId, itemId);
  const listing = await listItem(api, stack.credentials.provider.token, {
    instanceId,
    itemId,
    price: { amount: LISTING_PRICE, currency: "EUR" },
    visibility: "public",
  });
  return { instanceId, itemId, listingId: listing.id, releaseIds };
}

/** Posts a Stripe notification signed with `secret` (one the stack accepts) to the gateway: 204. */
export async function notifyStripe(
  stack: LocalStack,
  secret: string,
  event: Parameters<typeof signedStripeEvent>[0],
): Promise<void> {
  const { body, signature } = signedStripeEvent(event, secret);
  const response = await fetch(`${stack.gatewayUrl}/marketplace/webhooks/stripe`, {
    method: "POST",
    headers: { "content-type": "application/json", "stripe-signature": signature },
    body,
  });
  expect(response.status).toBe(204);
}

/**
 * A test-mode payment of the listing for the device, notified as Stripe would, once the demo provider
 * sees its purchase; resolves to the payment intent.
 */
export async function buyForDevice(
  stack: LocalStack,
  secret: string,
  listingId: string,
  deviceId: string,
): Promise<string> {
  const call = httpClient(stack.gatewayUrl);
  const pi = stripeId("pi");
  await notifyStripe(
    stack,
    secret,
    paymentIntentSucceeded({
      listingId,
      deviceId,
      amount: LISTING_PRICE,
      currency: "EUR",
      paymentIntentId: pi,
    }),
  );
  await waitFor(
    async () => {
      const page = await call<{ items: { paymentReference: string }[] }>(
        "GET",
        `/marketplace/providers/purchases?deviceId=${deviceId}`,
        { token: stack.credentials.provider.token },
      );
      return page.body.items?.some((p) => p.paymentReference === pi) ? true : undefined;
    },
    { what: `the purchase of ${pi}`, timeoutMs: 30_000 },
  );
  return pi;
}
