import type { StripePaymentsProto } from "@mp/contracts";
import type { StripePaymentsServiceHandlers } from "@mp/contracts/generated/marketplace/settlements/v1/StripePaymentsService";
import { ValidationError } from "@mp/errors";
import { loadProto, type ServiceRegistration, unaryHandlers } from "@mp/grpc";
import type { Logger } from "@mp/logger";
import type {
  makeCreateCheckoutSession,
  makeCreateRefund,
  RefundRequest,
} from "../application/stripe-payments";

export const STRIPE_PAYMENTS_SERVICE = "marketplace.settlements.v1.StripePaymentsService";

const REASONS = new Set(["duplicate", "fraudulent", "requested_by_customer"]);

function refundReason(raw: string): RefundRequest["reason"] {
  if (raw === "") return undefined;
  if (!REASONS.has(raw)) throw new ValidationError({ reason: ["is not a Stripe refund reason"] });
  return raw as RefundRequest["reason"];
}

/** Stripe calls for purchases (checkout sessions, refunds); only purchases may call them. */
export function stripePaymentsGrpc(
  useCases: {
    createCheckoutSession: ReturnType<typeof makeCreateCheckoutSession>;
    createRefund: ReturnType<typeof makeCreateRefund>;
  },
  logger: Logger,
): ServiceRegistration {
  const proto = loadProto<StripePaymentsProto>("marketplace/settlements/v1/stripe_payments.proto").marketplace
    .settlements.v1;
  const implementation = unaryHandlers<StripePaymentsServiceHandlers>(
    "settlements",
    {
      CreateCheckoutSession: async (request, ctx) => {
        const item = request.lineItem;
        const session = await useCases.createCheckoutSession(
          {
            lineItem: {
              unitAmount: Number(item?.unitAmount ?? 0),
              currency: item?.currency ?? "",
              name: item?.name ?? "",
            },
            metadata: request.metadata,
            successUrl: request.successUrl,
            cancelUrl: request.cancelUrl,
            customerEmail: request.customerEmail || undefined,
            expiresAt: Number(request.expiresAt),
            idempotencyKey: request.idempotencyKey,
          },
          ctx,
        );
        return {
          id: session.id,
          url: session.url,
          expiresAt: String(session.expiresAt),
          amountTotal: String(session.amountTotal),
          currency: session.currency,
          livemode: session.livemode,
        };
      },
      CreateRefund: async (request, ctx) => {
        const refund = await useCases.createRefund(
          {
            paymentIntentId: request.paymentIntentId,
            amount: Number(request.amount),
            reason: refundReason(request.reason),
            idempotencyKey: request.idempotencyKey,
          },
          ctx,
        );
        return { ...refund, amount: String(refund.amount) };
      },
    },
    logger,
  );
  return { definition: proto.StripePaymentsService.service, implementation };
}
