import type Stripe from "stripe";
import type { PaymentEventSource } from "../application/reconcile-payment-events";

/** Stripe's largest page. */
const PAGE = 100;

/**
 * `GET /v1/events` through the SDK: `types[]`, `created[gte]`, pages of 100 followed with `starting_after`
 * (the SDK's auto-paging) until `has_more` is false.
 */
export function makeStripeEventSource(stripe: Stripe): PaymentEventSource {
  return {
    list: ({ types, createdGte }) =>
      stripe.events.list({ types: [...types], created: { gte: createdGte }, limit: PAGE }),
  };
}
