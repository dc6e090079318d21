import type { StripePaymentsProto } from "@mp/contracts";
import { type ClientOptions, createUnaryClient, loadProto } from "@mp/grpc";
import type { StripePaymentsPort } from "../application/ports";

/**
 * Settlements' Stripe calls as purchases uses them, calling as itself. Both calls carry Stripe
 * idempotency keys, so a retried call never creates a second session or refund.
 */
export function makeStripePaymentsClient(
  address: string,
  mesh: Pick<ClientOptions, "identity" | "logger">,
): StripePaymentsPort & { close(): void } {
  const proto = loadProto<StripePaymentsProto>("marketplace/settlements/v1/stripe_payments.proto").marketplace
    .settlements.v1;
  const client = createUnaryClient(proto.StripePaymentsService, address, {
    ...mesh,
    upstream: "settlements",
    idempotent: ["createCheckoutSession", "createRefund"],
  });
  return {
    async createCheckoutSession(session, requestId) {
      const created = await client.call(
        "createCheckoutSession",
        {
          lineItem: {
            unitAmount: String(session.lineItem.unitAmount),
            currency: session.lineItem.currency,
            name: session.lineItem.name,
          },
          metadata: session.metadata,
          successUrl: session.successUrl,
          cancelUrl: session.cancelUrl,
          customerEmail: session.customerEmail ?? "",
          expiresAt: String(session.expiresAt),
          idempotencyKey: session.idempotencyKey,
        },
        { requestId },
      );
      return {
        id: created.id,
        url: created.url,
        expiresAt: Number(created.expiresAt),
        amount: { amount: Number(created.amountTotal), currency: created.currency },
      };
    },
    async createRefund(refund, requestId) {
      const created = await client.call(
        "createRefund",
        {
          paymentIntentId: refund.paymentIntentId,
          amount: String(refund.amount),
          reason: refund.reason ?? "",
          idempotencyKey: refund.idempotencyKey,
        },
        { requestId },
      );
      return {
        id: created.id,
        status: created.status,
        amount: { amount: Number(created.amount), currency: created.currency },
      };
    },
    close: () => client.close(),
  };
}
