import type { PurchasesClient } from "../../clients";
import { callUpstream, responses, routeOptions, type ZodApp } from "../route-kit";
import { toCheckoutSession, toRefundAccepted } from "./provider-payments.mapper";
import {
  CheckoutBody,
  CheckoutParams,
  CheckoutSession,
  RefundAccepted,
  RefundBody,
  RefundParams,
} from "./provider-payments.schemas";

/**
 * Starting a payment (a Stripe Checkout Session for one of the provider's devices) and refunding one,
 * over the purchases service (provider role). Purchases and their refunds are made only from Stripe's
 * notifications: these routes ask Stripe, and the notifications that follow change the purchase.
 */
export function providerPaymentsRoutes(app: ZodApp, deps: { purchases: PurchasesClient }): void {
  const route = routeOptions("provider", ["Provider purchases"]);
  const call = deps.purchases.call.bind(deps.purchases);

  app.post(
    "/marketplace/providers/listings/:marketplaceItemId/checkout-sessions",
    route(
      "createCheckoutSession",
      "Start a payment for a device",
      "Creates a Stripe Checkout Session (mode `payment`, one line item at your current listing's price and currency, the item's display name, valid 30 minutes) for your organisation's device to buy the item; send the buyer to `url` (also the `Location` header). The purchase appears once Stripe notifies the payment. Refused with 409 `not-listed` when you have no enabled listing of the item in the instance, 404 when the device is not your organisation's, 409 `already-purchased` when the device has a completed purchase of the item, 503 with `Retry-After` when Stripe cannot be reached. `successUrl` and `cancelUrl` are http or https (https in production).",
      {
        params: CheckoutParams,
        body: CheckoutBody,
        response: responses(
          { 201: CheckoutSession },
          { body: true, notFound: true, conflicts: ["not-listed", "already-purchased"] },
        ),
      },
    ),
    async (request, reply) => {
      const body = request.body;
      const session = toCheckoutSession(
        await callUpstream(request, (ctx) =>
          call(
            "createCheckoutSession",
            {
              marketplaceItemId: request.params.marketplaceItemId,
              marketplaceInstanceId: body.marketplaceInstanceId,
              deviceId: body.deviceId,
              successUrl: body.successUrl,
              cancelUrl: body.cancelUrl,
              customerEmail: body.customerEmail ?? "",
            },
            ctx,
          ),
        ),
      );
      return reply.code(201).header("location", session.url).send(session);
    },
  );

  app.post(
    "/marketplace/providers/purchases/:purchaseId/refunds",
    route(
      "createRefund",
      "Refund a purchase",
      "Asks Stripe to refund `amount` (minor units; default: all that is left to refund) of a purchase of your listings. Answers 202 with Stripe's refund: the purchase (`partially_refunded`, then `refunded`) and the ledger change when Stripe's refund notification arrives. 409 `refund-exceeds-remaining` (with `remaining`) above what is left to refund, 409 `invalid-state` for a disputed purchase, 404 for another organisation's purchase, 503 with `Retry-After` when Stripe cannot be reached. The same request repeated before the notification arrives returns the same refund.",
      {
        params: RefundParams,
        body: RefundBody,
        response: responses(
          { 202: RefundAccepted },
          { body: true, notFound: true, conflicts: ["refund-exceeds-remaining", "invalid-state"] },
        ),
      },
    ),
    async (request, reply) => {
      const { amount, reason } = request.body ?? {};
      const refund = toRefundAccepted(
        await callUpstream(request, (ctx) =>
          call(
            "createRefund",
            {
              purchaseId: request.params.purchaseId,
              ...(amount === undefined ? {} : { amount: String(amount) }),
              reason: reason ?? "",
            },
            ctx,
          ),
        ),
      );
      return reply.code(202).send(refund);
    },
  );
}
