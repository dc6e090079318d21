import { keepRawJsonBodies } from "../../plugins/json-body.plugin";
import { NoContent } from "../common.schemas";
import { notImplemented, responses, type ZodApp } from "../route-kit";
import { PaymentEvent, PaymentEventHeaders } from "./webhooks.schemas";

/**
 * Payment notifications (contract section 5): no credential, a signature over the raw bytes instead,
 * which is why these routes live in their own scope with a body parser that keeps those bytes.
 */
export async function webhooksRoutes(app: ZodApp): Promise<void> {
  await app.register(async (scope) => {
    keepRawJsonBodies(scope);
    const paths = [
      ["/marketplace/webhooks/stripe", "receiveStripeEvent", "Receive a Stripe event"],
      [
        "/marketplace/webhooks/payments",
        "receivePaymentEvent",
        "Receive a payment event (alias of the Stripe endpoint)",
      ],
    ] as const;
    for (const [url, operationId, summary] of paths) {
      scope.post(
        url,
        {
          config: { access: "public", rateLimit: "webhook" },
          schema: {
            operationId,
            tags: ["Webhooks"],
            summary,
            description:
              "No authentication: `Stripe-Signature` is verified over the raw body with the endpoint secret (400 `invalid-signature` otherwise). Verified events are stored durably before the 204; a duplicate event id is a no-op 204 and unknown event types are stored and acknowledged.",
            security: [],
            headers: PaymentEventHeaders,
            body: PaymentEvent,
            response: responses(
              { 204: NoContent },
              { public: true, body: true, pending: true, badRequestCodes: ["invalid-signature"] },
            ),
          },
        },
        notImplemented,
      );
    }
  });
}
