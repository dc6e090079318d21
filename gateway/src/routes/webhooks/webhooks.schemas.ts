import { z } from "zod";
import { singleLine } from "../common.schemas";

/** The envelope every Stripe event has; the rest is the processor's and is stored as received. */
export const PaymentEvent = z
  .looseObject({
    id: singleLine()
      .min(1)
      .max(255)
      .describe("The processor's event id; a repeated id is acknowledged as a no-op."),
    type: singleLine().min(1).max(255).describe("e.g. `checkout.session.completed`, `charge.refunded`."),
  })
  .describe("The event exactly as the payment processor sends it.")
  .meta({
    examples: [
      {
        id: "evt_1PqR2sT4uV5wX6yZ",
        type: "payment_intent.succeeded",
        data: {
          object: {
            id: "pi_3PqR2sT4uV5w",
            object: "payment_intent",
            amount: 2500,
            currency: "eur",
            metadata: { listingId: "0195c0de-0000-7000-8000-0000000000a1", deviceId: "00112233aabbccdd" },
          },
        },
      },
    ],
  });

/** Loose: validated headers replace `request.headers`, so every other header must survive. */
export const PaymentEventHeaders = z.looseObject({
  "stripe-signature": singleLine()
    .optional()
    .describe("`t=<unix time>,v1=<hex HMAC-SHA256>` over the raw body; checked with a 300 s tolerance."),
});
