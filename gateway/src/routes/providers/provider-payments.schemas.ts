import { z } from "zod";
import { guid, guidInput, httpUrlInput, Money, singleLine, timestamp } from "../common.schemas";
import { DeviceIdInput } from "../shared/item.schemas";

export const CheckoutParams = z.object({
  marketplaceItemId: guidInput("Marketplace item id (guid, any case): the item of your current listing."),
});

export const CheckoutBody = z.strictObject({
  marketplaceInstanceId: guidInput("Instance of your listing."),
  deviceId: DeviceIdInput.describe("Your organisation's device the purchase is for (16 hex characters)."),
  successUrl: httpUrlInput().describe(
    "Where the buyer's browser goes after paying (http or https; https in production).",
  ),
  cancelUrl: httpUrlInput().describe(
    "Where the buyer's browser goes when they leave without paying (http or https; https in production).",
  ),
  customerEmail: singleLine()
    .max(254)
    .pipe(z.email())
    .meta({ format: "email" })
    .optional()
    .describe("Prefills the payment page's email field."),
});

export const CheckoutSession = z
  .object({
    checkoutSessionId: z.string().describe("Stripe's Checkout Session id (`cs_...`)."),
    url: z.string().describe("The hosted payment page to send the buyer to."),
    expiresAt: timestamp.describe("When the session stops accepting payment (30 minutes)."),
    amount: Money.describe("What the session charges: the listing's current price."),
  })
  .meta({ id: "CheckoutSession", description: "A Stripe Checkout Session for one device and item." });

export const RefundParams = z.object({
  purchaseId: guidInput("Purchase id (guid, any case)."),
});

export const RefundBody = z
  // Every member is optional, so no body at all is a refund of the remainder: fastify reports a missing
  // body as null, like a JSON `null`; both mean "nothing sent" here, as `{}` does.
  .preprocess(
    (body) => (body === null ? undefined : body),
    z
      .strictObject({
        amount: z
          .int()
          .min(1)
          .max(Number.MAX_SAFE_INTEGER)
          .optional()
          .describe("Minor units of the purchase's currency; default: all that is left to refund."),
        reason: z
          .enum(["duplicate", "fraudulent", "requested_by_customer"])
          .optional()
          .describe("Stripe's refund reason."),
      })
      .optional(),
  )
  .describe("Optional: omit it, or send `{}`, to refund all that is left with no reason.");

export const RefundAccepted = z
  .object({
    refundId: z.string().describe("Stripe's refund id (`re_...`)."),
    purchaseId: guid,
    status: z.string().describe("Stripe's refund status (`pending`, `succeeded`, ...)."),
    amount: Money.describe("The amount asked to be refunded."),
  })
  .meta({
    id: "RefundAccepted",
    description:
      "A refund Stripe accepted; the purchase and the ledger change when Stripe's refund notification arrives.",
  });
