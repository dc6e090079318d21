import type { PaymentUpdatedV1 } from "@mp/contracts";

export type PurchaseStatus = "completed" | "partially_refunded" | "refunded" | "disputed" | "held";
/** Why a paid purchase is held: what was paid is not what the listing sells for. */
export type HeldReason = "amount-mismatch" | "currency-mismatch";
export type DisputeStatus = "open" | "won" | "lost";
export type ChangeKind = "purchase" | "refund" | "dispute-opened" | "dispute-won" | "dispute-lost";

export interface Money {
  amount: number;
  currency: string;
}

export interface Purchase {
  id: string;
  marketplaceItemId: string;
  displayName: string;
  listingId: string;
  marketplaceInstanceId: string;
  providerOrganisationId: string;
  deviceId: string;
  amount: Money;
  /** Refunded so far, in `amount.currency`; never above `amount.amount`. */
  amountRefunded: number;
  status: PurchaseStatus;
  disputeStatus: DisputeStatus | null;
  /** The payment update version of the dispute event applied last (0: none). */
  disputeVersion: number;
  livemode: boolean;
  purchasedAt: Date;
  /** The payment intent id. */
  paymentReference: string;
  /** Set when the payment did not match the listing's price: the purchase is never usable. */
  heldReason: HeldReason | null;
  version: number;
}

/** One change of a purchase: what the history (activity feed) and the purchase events carry. */
export interface PurchaseChange {
  kind: ChangeKind;
  amount: Money;
  stripeEventId: string;
  at: Date;
}

/**
 * A payment must match what was sold: the listing's price (a listing's price never changes, a new price
 * is a new listing, so the listing the payment names is the price at the time of purchase). Null when
 * currency and amount both match; otherwise why the purchase is held, the currency first.
 */
export function heldReasonOf(paid: Money, price: Money): HeldReason | null {
  if (paid.currency !== price.currency) return "currency-mismatch";
  if (paid.amount !== price.amount) return "amount-mismatch";
  return null;
}

/**
 * The status follows from the refunded total and the dispute, so updates of one payment may be applied in
 * any order: an open dispute is `disputed`, a lost one `refunded`; otherwise (no dispute, or won) it is
 * `refunded` when all was refunded, `partially_refunded` when some was, else `completed`. A held purchase
 * (its payment did not match the price) stays `held` whatever happens to it, until all of it was given
 * back (refunded in full, or a lost dispute): then it is `refunded`. So it never becomes usable.
 */
export function statusOf(
  p: Pick<Purchase, "amount" | "amountRefunded" | "disputeStatus" | "heldReason">,
): PurchaseStatus {
  const allRefunded = p.amountRefunded >= p.amount.amount && p.amountRefunded > 0;
  if (p.heldReason !== null) return p.disputeStatus === "lost" || allRefunded ? "refunded" : "held";
  if (p.disputeStatus === "open") return "disputed";
  if (p.disputeStatus === "lost") return "refunded";
  if (allRefunded) return "refunded";
  return p.amountRefunded > 0 ? "partially_refunded" : "completed";
}

/**
 * The purchase a paid update makes (version 1, nothing refunded), from the payment and the price of the
 * listing it names: `held` (with the reason) when they differ.
 */
export function newPurchase(
  fields: Omit<
    Purchase,
    "amountRefunded" | "status" | "disputeStatus" | "disputeVersion" | "version" | "heldReason"
  >,
  listingPrice: Money,
): Purchase {
  const base = {
    ...fields,
    amountRefunded: 0,
    disputeStatus: null,
    disputeVersion: 0,
    heldReason: heldReasonOf(fields.amount, listingPrice),
    version: 1,
  };
  return { ...base, status: statusOf(base) };
}

export type Transition = { purchase: Purchase; change: PurchaseChange } | null;

/**
 * Applies a payment update to an existing purchase; null when it changes nothing (a repeated `paid`, a
 * refund not raising the refunded total, a dispute event older than the one applied). Refunds carry the
 * charge's cumulative refunded amount, so the highest one seen wins whatever the order.
 */
export function applyUpdate(purchase: Purchase, update: PaymentUpdatedV1): Transition {
  const at = new Date(update.occurredAt);
  const currency = purchase.amount.currency;
  const next = (fields: Partial<Purchase>, kind: ChangeKind, amount: number): Transition => {
    const changed = { ...purchase, ...fields, version: purchase.version + 1 };
    const purchaseAfter = { ...changed, status: statusOf(changed) };
    return {
      purchase: purchaseAfter,
      change: { kind, amount: { amount, currency }, stripeEventId: update.stripeEventId, at },
    };
  };
  switch (update.kind) {
    case "paid":
      return null;
    case "refunded": {
      const total = Math.min(update.amountRefunded?.amount ?? 0, purchase.amount.amount);
      if (total <= purchase.amountRefunded) return null;
      return next({ amountRefunded: total }, "refund", total - purchase.amountRefunded);
    }
    case "dispute-created":
    case "dispute-closed": {
      if (update.version <= purchase.disputeVersion) return null;
      const status: DisputeStatus =
        update.kind === "dispute-created" ? "open" : (update.disputeStatus ?? "open");
      const kind: ChangeKind = status === "open" ? "dispute-opened" : `dispute-${status}`;
      return next({ disputeStatus: status, disputeVersion: update.version }, kind, update.amount.amount);
    }
  }
}

/** The activity feed's kind of a change. */
export function activityKind(kind: ChangeKind): "purchase" | "refund" | "dispute" {
  if (kind === "purchase" || kind === "refund") return kind;
  return "dispute";
}
