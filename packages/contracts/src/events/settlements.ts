import { z } from "zod";
import { CURRENCY_CODES } from "../currencies";
import { aggregateVersion } from "./versions";

const money = z.object({ amount: z.number().int().min(0), currency: z.enum(CURRENCY_CODES) });

/**
 * What a processed payment notification means for purchases:
 * - `paid`: a `checkout.session.completed` with `payment_status: "paid"`, or a `payment_intent.succeeded`;
 *   carries `listingId` and `deviceId` from the payment's metadata and the paid `amount`.
 * - `refunded`: a `charge.refunded`; `amountRefunded` is the charge's cumulative refunded amount, `refund`
 *   says whether that is all of `amount` (the charge) or part of it.
 * - `dispute-created` / `dispute-closed`: a `charge.dispute.*`; `amount` is the disputed amount and
 *   `disputeStatus` is `open`, then `won` or `lost`.
 */
export const PAYMENT_UPDATE_KINDS = ["paid", "refunded", "dispute-created", "dispute-closed"] as const;

/**
 * `settlements.payment.updated.v1`: one per processed Stripe event that changes a payment. The aggregate
 * is the payment intent (`paymentIntentId`); `version` grows by one with every event of that intent
 * settlements processes, in the order it received them. `stripeEventId` is unique per event.
 */
export const paymentUpdate = z.object({
  stripeEventId: z.string().min(1).max(255),
  kind: z.enum(PAYMENT_UPDATE_KINDS),
  paymentIntentId: z.string().min(1).max(255),
  listingId: z.uuid().optional(),
  deviceId: z
    .string()
    .regex(/^[0-9a-f]{16}$/)
    .optional(),
  amount: money,
  amountRefunded: money.optional(),
  refund: z.enum(["full", "partial"]).optional(),
  disputeStatus: z.enum(["open", "won", "lost"]).optional(),
  livemode: z.boolean(),
  /** When the processor created the event (its `created`), not when settlements processed it. */
  occurredAt: z.iso.datetime(),
  version: aggregateVersion,
});
export type PaymentUpdatedV1 = z.infer<typeof paymentUpdate>;
export type PaymentUpdateKind = PaymentUpdatedV1["kind"];

export const paymentUpdatedV1 = {
  type: "settlements.payment.updated.v1",
  stream: "SETTLEMENTS",
  data: paymentUpdate,
} as const;
