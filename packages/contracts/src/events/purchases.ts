import { z } from "zod";
import { CURRENCY_CODES } from "../currencies";
import { aggregateVersion } from "./versions";

const money = z.object({ amount: z.number().int().min(0), currency: z.enum(CURRENCY_CODES) });

export const PURCHASE_STATUSES = ["completed", "partially_refunded", "refunded", "disputed", "held"] as const;

/** Why a purchase is `held`: the payment's amount or currency differs from the listing's price. */
export const PURCHASE_HELD_REASONS = ["amount-mismatch", "currency-mismatch"] as const;

/**
 * What changed a purchase: `purchase` (created from a paid notification), `refund` (a refund of
 * `change.amount` more than before), `dispute-opened`, `dispute-won`, `dispute-lost`.
 */
export const PURCHASE_CHANGE_KINDS = [
  "purchase",
  "refund",
  "dispute-opened",
  "dispute-won",
  "dispute-lost",
] as const;

/**
 * What every `purchases.purchase.*.v1` event carries: the whole purchase after the change, the money the
 * ledger needs (`amount` is the gross paid amount, `amountRefunded` the refunded total so far), and the
 * change itself (`change.amount` is this change's money: the paid amount, the refunded increment, or the
 * disputed amount). `version` is the purchase's aggregate version: 1 when created, +1 per change.
 * `heldReason` is set, on every event of the purchase, when its payment did not match the listing's price:
 * the purchase is `held` (or `refunded` once all of it was given back) and was never delivered, so the
 * ledger books none of its events. Absent on events written before it existed (null).
 */
export const purchaseSnapshot = z.object({
  id: z.uuid(),
  marketplaceItemId: z.uuid(),
  displayName: z.string(),
  listingId: z.uuid(),
  marketplaceInstanceId: z.uuid(),
  providerOrganisationId: z.uuid(),
  deviceId: z.string().regex(/^[0-9a-f]{16}$/),
  amount: money,
  amountRefunded: money,
  status: z.enum(PURCHASE_STATUSES),
  heldReason: z.enum(PURCHASE_HELD_REASONS).nullable().optional(),
  livemode: z.boolean(),
  purchasedAt: z.iso.datetime(),
  /** The payment intent id: one purchase per payment intent. */
  paymentReference: z.string().min(1).max(255),
  change: z.object({
    kind: z.enum(PURCHASE_CHANGE_KINDS),
    amount: money,
    /** The Stripe event the change comes from. */
    stripeEventId: z.string().min(1).max(255),
    at: z.iso.datetime(),
  }),
  occurredAt: z.iso.datetime(),
  version: aggregateVersion,
});
export type PurchaseSnapshotV1 = z.infer<typeof purchaseSnapshot>;

const purchaseEvent = <T extends string>(type: T) =>
  ({ type, stream: "PURCHASES", data: purchaseSnapshot }) as const;

/** A paid notification made a purchase (`change.kind` `purchase`). */
export const purchaseCreatedV1 = purchaseEvent("purchases.purchase.created.v1");
/** A refund raised the refunded total (`change.kind` `refund`, `change.amount` the increment). */
export const purchaseRefundedV1 = purchaseEvent("purchases.purchase.refunded.v1");
/** A dispute opened (`dispute-opened`) or closed (`dispute-won` / `dispute-lost`). */
export const purchaseDisputeUpdatedV1 = purchaseEvent("purchases.purchase.dispute-updated.v1");

/** Every event carrying the purchase snapshot: what a purchase read model (the ledger) subscribes to. */
export const PURCHASE_SNAPSHOT_EVENTS = [
  purchaseCreatedV1,
  purchaseRefundedV1,
  purchaseDisputeUpdatedV1,
] as const;
