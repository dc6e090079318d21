import { type CallContext, requireService } from "@mp/grpc";

/** A Checkout Session to create: one line item, quantity 1, mode `payment`. */
export interface CheckoutSessionRequest {
  lineItem: { unitAmount: number; currency: string; name: string };
  /** Carried on the session and on its payment intent, so the notifications name the listing and device. */
  metadata: Record<string, string>;
  successUrl: string;
  cancelUrl: string;
  customerEmail: string | undefined;
  /** Epoch seconds. */
  expiresAt: number;
  idempotencyKey: string;
}

export interface CreatedCheckoutSession {
  id: string;
  url: string;
  expiresAt: number;
  amountTotal: number;
  currency: string;
  livemode: boolean;
}

export interface RefundRequest {
  paymentIntentId: string;
  amount: number;
  reason: "duplicate" | "fraudulent" | "requested_by_customer" | undefined;
  idempotencyKey: string;
}

export interface CreatedRefund {
  id: string;
  status: string;
  amount: number;
  currency: string;
}

/**
 * Stripe's API as settlements uses it. Implementations throw `upstream-unavailable` when Stripe cannot be
 * reached and `refund-exceeds-remaining` when Stripe refuses a refund's amount.
 */
export interface StripePaymentsPort {
  createCheckoutSession(request: CheckoutSessionRequest): Promise<CreatedCheckoutSession>;
  createRefund(request: RefundRequest): Promise<CreatedRefund>;
}

/** The only caller: purchases checks listings, devices and purchases before it asks for a payment. */
const CALLER = "purchases";

export function makeCreateCheckoutSession(stripe: StripePaymentsPort) {
  return (request: CheckoutSessionRequest, ctx: CallContext) => {
    requireService(ctx, CALLER);
    return stripe.createCheckoutSession(request);
  };
}

export function makeCreateRefund(stripe: StripePaymentsPort) {
  return (request: RefundRequest, ctx: CallContext) => {
    requireService(ctx, CALLER);
    return stripe.createRefund(request);
  };
}
