import { waitFor } from "@mp/testing";
import { paymentIntentSucceeded, signedStripeEvent, stripeId } from "@mp/testing/stripe";
import { expect } from "vitest";
import type { Resources } from "../support/resources";

/** A device of A's with a purchase of A's listing, made the only way purchases are made: a signed notification. */
export async function ownedPurchase(
  gatewayUrl: string,
  a: Resources,
  listingId: string,
  stripeWebhookSecret: string,
): Promise<{ device: string; purchase: string; paymentReference: string }> {
  const device = "b01a0000000000a1";
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
