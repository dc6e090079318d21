import type { SettlementsClient } from "../../clients";
import { keepRawJsonBodies } from "../../plugins/json-body.plugin";
import { NoContent } from "../common.schemas";
import { callUpstream, responses, type ZodApp } from "../route-kit";
import { makeIntakeBatcher } from "./intake-batcher";
import { PaymentEvent, PaymentEventHeaders } from "./webhooks.schemas";

/**
 * Payment notifications (contract section 5): no credential, a signature over the raw bytes instead,
 * which is why these routes live in their own scope with a body parser that keeps those bytes. The bytes
 * and the `Stripe-Signature` header go to settlements untouched; settlements verifies, stores, and only
 * then answers, so the 204 means the event is stored. Notifications arriving together go in one call
 * (see `makeIntakeBatcher`).
 */
export async function webhooksRoutes(app: ZodApp, deps: { settlements: SettlementsClient }): Promise<void> {
  const intake = makeIntakeBatcher(deps.settlements);
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
              "No authentication: `Stripe-Signature` is verified over the raw body with the endpoint secret (400 `invalid-signature` otherwise). Verified events are stored durably before the 204; a duplicate event id is a no-op 204 and unknown event types are stored and acknowledged. Processing follows the 204, at least once and with idempotent effects.",
            security: [],
            headers: PaymentEventHeaders,
            body: PaymentEvent,
            response: responses(
              { 204: NoContent },
              { public: true, body: true, badRequestCodes: ["invalid-signature"] },
            ),
          },
        },
        async (request, reply) => {
          // The route has a body schema, so the parser ran and kept the bytes; the fallback is never sent.
          const payload = request.rawBody ?? Buffer.alloc(0);
          const header = request.headers["stripe-signature"];
          const signature = typeof header === "string" ? header : "";
          // Webhooks carry no user: the gateway calls settlements as itself. Stored in a batch, or
          // refused there: then sent again alone, for settlements' exact answer (invalid-signature...).
          if (!(await intake.submit({ payload, signature, requestId: request.id })))
            await callUpstream(request, (ctx) =>
              deps.settlements.call("receivePaymentEvent", { payload, signature }, ctx),
            );
          return reply.code(204).send();
        },
      );
    }
  });
}
