import { ConflictError, isAppError, NotFoundError, ValidationError } from "@mp/errors";
import { type CallContext, requirePrincipal } from "@mp/grpc";
import { refundAmount } from "../domain/checkout";
import type { CreatedRefund, PurchaseRepository, RefundReason, StripePaymentsPort } from "./ports";

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const REASONS: readonly string[] = ["duplicate", "fraudulent", "requested_by_customer"];

export interface RefundRequest {
  purchaseId: string;
  /** Minor units; undefined: all that is left to refund. */
  amount: number | undefined;
  reason: string;
}

/**
 * A Stripe refund of (part of) a purchase of the caller's organisation's listings (provider role). The
 * purchase and the ledger change only when Stripe's refund notification arrives, as for any refund.
 * More than what is left (as far as purchases knows: refunds not yet notified are Stripe's to refuse,
 * which also answers refund-exceeds-remaining): 409 refund-exceeds-remaining. A disputed purchase cannot
 * be refunded (Stripe refuses): 409 invalid-state.
 */
export function makeCreateRefund(deps: { purchases: PurchaseRepository; stripe: StripePaymentsPort }) {
  return async (raw: RefundRequest, ctx: CallContext): Promise<CreatedRefund & { purchaseId: string }> => {
    const org = requirePrincipal(ctx, "provider").organisationId.toLowerCase();
    if (!GUID.test(raw.purchaseId)) throw new ValidationError({ "path.purchaseId": ["must be a guid"] });
    if (raw.amount !== undefined && !(Number.isSafeInteger(raw.amount) && raw.amount >= 1)) {
      throw new ValidationError({ "body.amount": ["must be a positive integer (minor units)"] });
    }
    if (raw.reason !== "" && !REASONS.includes(raw.reason)) {
      throw new ValidationError({ "body.reason": [`must be one of ${REASONS.join(", ")}`] });
    }
    const purchase = await deps.purchases.byId(org, raw.purchaseId.toLowerCase());
    if (!purchase) throw new NotFoundError("Purchase");
    if (purchase.status === "disputed") {
      throw new ConflictError("invalid-state", "A disputed purchase cannot be refunded.", {
        extensions: { state: purchase.status },
      });
    }
    const { remaining, amount } = refundAmount(purchase, raw.amount);
    if (remaining <= 0 || amount > remaining) {
      throw new ConflictError(
        "refund-exceeds-remaining",
        `At most ${remaining} (minor units of ${purchase.amount.currency}) is left to refund.`,
        { extensions: { remaining: { amount: Math.max(remaining, 0), currency: purchase.amount.currency } } },
      );
    }
    // Keyed by what the purchase had refunded when asked: the same request repeated before Stripe's
    // notification arrives returns the same refund instead of refunding twice.
    try {
      const refund = await deps.stripe.createRefund(
        {
          paymentIntentId: purchase.paymentReference,
          amount,
          reason: (raw.reason || undefined) as RefundReason | undefined,
          idempotencyKey: `refund-${purchase.id}-${purchase.amountRefunded}-${amount}`,
        },
        ctx.requestId,
      );
      return { ...refund, purchaseId: purchase.id };
    } catch (error) {
      // Stripe knows no such payment (a purchase made from a hand-signed notification): say which state.
      if (isAppError(error) && error.code === "invalid-state") {
        throw new ConflictError("invalid-state", "Stripe knows no payment for this purchase.", {
          extensions: { state: purchase.status },
          cause: error,
        });
      }
      throw error;
    }
  };
}
