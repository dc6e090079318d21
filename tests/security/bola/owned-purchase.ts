import { DEMO_BOARDS } from "@mp/local/simulator";
import { waitFor } from "@mp/testing";
import { paymentIntentSucceeded, signedStripeEvent, stripeId } from "@mp/testing/stripe";
import { expect } from "vitest";
import type { Resources } from "../support/resources";

/**
 * A device of A's (registered on the simulated platform for A's organisation) with a purchase of A's
 * listing, made the only way purchases are made: a signed payment notification.
 */
export async function ownedPurchase(
  stack: { gatewayUrl: string; simulatorUrl: string; stripeWebhookSecret: string },
  a: Resources,
  owner: { organisationId: string; listingId: string; boardId?: string },
): Promise<{ device: string; purchase: string; paymentReference: string }> {
  const device = "b01a0000000000a1";
  const registered = await fetch(`${stack.simulatorUrl}/__simulator/devices`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      deviceId: device,
      organisationId: owner.organisationId,
      boardId: owner.boardId ?? DEMO_BOARDS.tracker,
    }),
  });
  expect(registered.status, await registered.text()).toBe(201);
  const { gatewayUrl, stripeWebhookSecret } = stack;
  const listingId = owner.listingId;
  const paymentReference = stripeId("pi");
  const { body, signature } = signedStripeEvent(
    paymentIntentSucceeded({
      listingId,
      deviceId: device,
      amount: 2000,
      currency: "EUR",
      paymentIntentId: paymentReference,
    }),
    stripeWebhookSecret,
  );
  const response = await fetch(`${gatewayUrl}/marketplace/webhooks/stripe`, {
    method: "POST",
    headers: { "content-type": "application/json", "stripe-signature": signature },
    body,
  });
  expect(response.status, await response.text()).toBe(204);
  const purchase = await waitFor(
    async () => {
      const page = await a.call("GET", "/marketplace/providers/purchases", undefined, `deviceId=${device}`);
      const items = (page.json as { items?: { id: string; paymentReference: string }[] }).items ?? [];
      return items.find((p) => p.paymentReference === paymentReference)?.id;
    },
    { what: "A's purchase", timeoutMs: 30_000 },
  );
  return { device, purchase, paymentReference };
}
