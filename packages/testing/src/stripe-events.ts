import { randomBytes } from "node:crypto";
import Stripe from "stripe";

/**
 * Stripe's side of a payment, played locally: events shaped as Stripe sends them (the fields settlements
 * reads, and enough of the rest to look real) and the `Stripe-Signature` header Stripe would put on them,
 * computed by the `stripe` package itself. Used by `pnpm pay` and by the tests.
 */
export const STRIPE_API_VERSION = "2025-08-27.basil";

export interface EventOptions {
  /** `evt_...`; a fresh one when omitted. */
  id?: string;
  /** Unix seconds; now when omitted. */
  created?: number;
  livemode?: boolean;
}

export interface StripeEvent {
  id: string;
  object: "event";
  type: string;
  created: number;
  livemode: boolean;
  data: { object: Record<string, unknown> };
  [key: string]: unknown;
}

/** A Stripe-looking id: the prefix, then 24 random base-36 characters. */
export function stripeId(prefix: string): string {
  const random = [...randomBytes(24)].map((byte) => (byte % 36).toString(36)).join("");
  return `${prefix}_${random}`;
}

export function stripeEvent(
  type: string,
  object: Record<string, unknown>,
  options: EventOptions = {},
): StripeEvent {
  const livemode = options.livemode ?? false;
  return {
    id: options.id ?? stripeId("evt"),
    object: "event",
    api_version: STRIPE_API_VERSION,
    created: options.created ?? Math.floor(Date.now() / 1000),
    data: { object: { livemode, ...object } },
    livemode,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}

export interface Payment {
  listingId: string;
  deviceId: string;
  /** Minor units. */
  amount: number;
  /** ISO 4217; Stripe writes it in lower case. */
  currency: string;
  paymentIntentId?: string;
}

/** A paid Checkout Session: what a marketplace purchase sends when the buyer has paid. */
export function checkoutSessionCompleted(
  payment: Payment,
  options: EventOptions & { paymentStatus?: "paid" | "unpaid" | "no_payment_required" } = {},
): StripeEvent {
  const created = options.created ?? Math.floor(Date.now() / 1000);
  return stripeEvent(
    "checkout.session.completed",
    {
      id: stripeId("cs_test"),
      object: "checkout.session",
      amount_subtotal: payment.amount,
      amount_total: payment.amount,
      created,
      currency: payment.currency.toLowerCase(),
      customer_details: { email: "buyer@example.com", name: "Demo Buyer" },
      expires_at: created + 86_400,
      metadata: { listingId: payment.listingId, deviceId: payment.deviceId },
      mode: "payment",
      payment_intent: payment.paymentIntentId ?? stripeId("pi"),
      payment_method_types: ["card"],
      payment_status: options.paymentStatus ?? "paid",
      status: "complete",
    },
    { ...options, created },
  );
}

/** The PaymentIntent of a payment succeeding (Stripe sends it beside the Checkout Session event). */
export function paymentIntentSucceeded(payment: Payment, options: EventOptions = {}): StripeEvent {
  return stripeEvent(
    "payment_intent.succeeded",
    {
      id: payment.paymentIntentId ?? stripeId("pi"),
      object: "payment_intent",
      amount: payment.amount,
      amount_received: payment.amount,
      currency: payment.currency.toLowerCase(),
      metadata: { listingId: payment.listingId, deviceId: payment.deviceId },
      status: "succeeded",
    },
    options,
  );
}

/** A refund of a charge: `amountRefunded` is the charge's total refunded so far, as Stripe reports it. */
export function chargeRefunded(
  refund: { paymentIntentId: string; amount: number; amountRefunded: number; currency: string },
  options: EventOptions = {},
): StripeEvent {
  return stripeEvent(
    "charge.refunded",
    {
      id: stripeId("ch"),
      object: "charge",
      amount: refund.amount,
      amount_captured: refund.amount,
      amount_refunded: refund.amountRefunded,
      currency: refund.currency.toLowerCase(),
      paid: true,
      payment_intent: refund.paymentIntentId,
      refunded: refund.amountRefunded === refund.amount,
      status: "succeeded",
    },
    options,
  );
}

/** A dispute opened (`created`) or closed (`won`, `lost`) on a payment's charge. */
export function chargeDispute(
  dispute: { paymentIntentId: string; amount: number; currency: string; status: "created" | "won" | "lost" },
  options: EventOptions = {},
): StripeEvent {
  const closed = dispute.status !== "created";
  return stripeEvent(
    closed ? "charge.dispute.closed" : "charge.dispute.created",
    {
      id: stripeId("dp"),
      object: "dispute",
      amount: dispute.amount,
      charge: stripeId("ch"),
      currency: dispute.currency.toLowerCase(),
      payment_intent: dispute.paymentIntentId,
      reason: "fraudulent",
      status: closed ? dispute.status : "needs_response",
    },
    options,
  );
}

/** The `Stripe-Signature` header for `payload` signed with `secret` at `timestamp` (unix seconds; now). */
export function signStripePayload(payload: string, secret: string, timestamp?: number): string {
  return Stripe.webhooks.generateTestHeaderString({
    payload,
    secret,
    ...(timestamp === undefined ? {} : { timestamp }),
  });
}

/** A serialised event and its header, ready to POST. */
export function signedStripeEvent(
  event: StripeEvent,
  secret: string,
  timestamp?: number,
): { body: string; signature: string } {
  const body = JSON.stringify(event);
  return { body, signature: signStripePayload(body, secret, timestamp) };
}
