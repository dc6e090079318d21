import { AppError, ConflictError, UpstreamUnavailableError } from "@mp/errors";
import { incomingDeadline } from "@mp/grpc";
import { stripeDeadlineOptions } from "@mp/stripe";
import Stripe from "stripe";
import type {
  CheckoutSessionRequest,
  CreatedCheckoutSession,
  CreatedRefund,
  RefundRequest,
  StripePaymentsPort,
} from "../application/stripe-payments";

/** Seconds a client is told to wait when Stripe could not be reached. */
const STRIPE_RETRY_AFTER_SECONDS = 5;

/**
 * What a failed Stripe call means to our callers: Stripe unreachable, overloaded or failing (the SDK has
 * already retried) is `upstream-unavailable`; a refund Stripe refuses for its amount is
 * `refund-exceeds-remaining`, one of a payment Stripe does not know (a purchase made from a hand-signed
 * notification) `invalid-state`; anything else is ours to fix (`internal`, cause kept for the log).
 */
export function stripeFailure(error: unknown): AppError {
  if (
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeRateLimitError ||
    error instanceof Stripe.errors.StripeAPIError ||
    (error instanceof Stripe.errors.StripeError && (error.statusCode ?? 0) >= 500)
  ) {
    return new UpstreamUnavailableError("Stripe is unavailable.", STRIPE_RETRY_AFTER_SECONDS, error);
  }
  if (
    error instanceof Stripe.errors.StripeInvalidRequestError &&
    (error.code === "charge_already_refunded" || error.param === "amount")
  ) {
    return new ConflictError("refund-exceeds-remaining", "Stripe refused the refund's amount.", {
      cause: error,
    });
  }
  if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === "resource_missing") {
    return new ConflictError("invalid-state", "Stripe knows no such payment.", { cause: error });
  }
  return new AppError("internal", "Stripe refused the call.", { cause: error });
}

async function calling<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw stripeFailure(error);
  }
}

/**
 * Stripe's API through the `stripe` SDK (its client built by `@mp/stripe`'s factory). Each call ends
 * before the deadline of the gRPC call being served (`deadline`), so a Stripe that hangs is answered as
 * Stripe unavailable rather than left to the caller's deadline.
 */
export function makeStripePayments(
  stripe: Stripe,
  deadline: () => number | undefined = incomingDeadline,
): StripePaymentsPort {
  return {
    async createCheckoutSession(request: CheckoutSessionRequest): Promise<CreatedCheckoutSession> {
      const session = await calling(() =>
        stripe.checkout.sessions.create(
          {
            mode: "payment",
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: request.lineItem.currency.toLowerCase(),
                  unit_amount: request.lineItem.unitAmount,
                  product_data: { name: request.lineItem.name },
                },
              },
            ],
            metadata: request.metadata,
            payment_intent_data: { metadata: request.metadata },
            success_url: request.successUrl,
            cancel_url: request.cancelUrl,
            ...(request.customerEmail ? { customer_email: request.customerEmail } : {}),
            expires_at: request.expiresAt,
          },
          { idempotencyKey: request.idempotencyKey, ...stripeDeadlineOptions(deadline()) },
        ),
      );
      return {
        id: session.id,
        url: session.url ?? "",
        expiresAt: session.expires_at,
        amountTotal: session.amount_total ?? request.lineItem.unitAmount,
        currency: (session.currency ?? request.lineItem.currency).toUpperCase(),
        livemode: session.livemode,
      };
    },
    async createRefund(request: RefundRequest): Promise<CreatedRefund> {
      const refund = await calling(() =>
        stripe.refunds.create(
          {
            payment_intent: request.paymentIntentId,
            amount: request.amount,
            ...(request.reason ? { reason: request.reason } : {}),
          },
          { idempotencyKey: request.idempotencyKey, ...stripeDeadlineOptions(deadline()) },
        ),
      );
      return {
        id: refund.id,
        status: refund.status ?? "pending",
        amount: refund.amount,
        currency: refund.currency.toUpperCase(),
      };
    },
  };
}
