import {
  effectOf,
  NegativeShareError,
  type PurchaseChangeKind,
  reversalShares,
  type Shares,
  saleShares,
  sumShares,
} from "./ledger";
import type { PurchaseParties } from "./movement";
import type { StatementKey } from "./statement";

type Money = { amount: number; currency: string };

/** What the ledger reads of a purchase change (a purchases.purchase.*.v1 snapshot). */
export interface PurchaseFacts {
  id: string;
  marketplaceInstanceId: string;
  marketplaceItemId: string;
  displayName: string;
  deviceId: string;
  providerOrganisationId: string;
  amount: Money;
  livemode: boolean;
  purchasedAt: string;
  change: { kind: PurchaseChangeKind; amount: Money; at: string };
}

/** What settlements knows, from events, of the sold item and instance at purchase time. */
export interface SaleInputs {
  item: { developerOrganisationId: string; displayName: string | null } | undefined;
  /** The base price in force (`undefined`: none known that early; `null`: none set). */
  basePrice: Money | null | undefined;
  /** The instance's platform fee in force, in basis points (`undefined`: instance not known that early). */
  feeBps: number | undefined;
}

/**
 * What a purchase change books. `not-ready`: a fact it needs has not arrived yet (retry later, never a
 * made-up price); `rejected`: it can never be booked (no entries); `booked`: one movement, whose three
 * shares are its three entries (the platform's fee, the developer's and the provider's share).
 */
export type SaleBooking =
  | { outcome: "not-ready"; reason: string }
  | { outcome: "rejected"; reason: string; shares?: Shares }
  | { outcome: "booked"; parties: PurchaseParties; shares: Shares; occurredAt: Date };

export type ReversalBooking =
  | { outcome: "none" }
  | { outcome: "rejected"; reason: string }
  | {
      outcome: "booked";
      kind: "refund" | "dispute";
      shares: Shares;
      occurredAt: Date;
      /** The amount reversed; `clamped`: the change asked for more than was left of the sale. */
      amount: number;
      clamped: boolean;
    };

/**
 * The sale a purchase books (contract section 6): split by `saleShares` at the base price and fee in
 * force at purchase time. Refused when the base price is in another currency than the sale, or when the
 * split would leave a share below zero. The developer is the item's; the display name the purchase's,
 * else the item's.
 */
export function bookSale(p: PurchaseFacts, inputs: SaleInputs): SaleBooking {
  const { item, basePrice, feeBps } = inputs;
  if (!item) return { outcome: "not-ready", reason: `item ${p.marketplaceItemId} is not known yet` };
  if (!basePrice)
    return {
      outcome: "not-ready",
      reason: `no base price of item ${p.marketplaceItemId} known in force at ${p.purchasedAt}`,
    };
  if (feeBps === undefined)
    return {
      outcome: "not-ready",
      reason: `instance ${p.marketplaceInstanceId} is not known yet at ${p.purchasedAt}`,
    };
  if (basePrice.currency !== p.amount.currency)
    return {
      outcome: "rejected",
      reason: `base price currency ${basePrice.currency} differs from the sale's ${p.amount.currency}`,
    };
  let shares: Shares;
  try {
    shares = saleShares({ gross: p.amount.amount, basePrice: basePrice.amount, feeBps });
  } catch (error) {
    if (!(error instanceof NegativeShareError)) throw error;
    return { outcome: "rejected", reason: error.message, shares: error.shares };
  }
  const parties: PurchaseParties = {
    purchaseId: p.id,
    marketplaceInstanceId: p.marketplaceInstanceId,
    marketplaceItemId: p.marketplaceItemId,
    displayName: p.displayName || item.displayName || "",
    deviceId: p.deviceId,
    providerOrganisationId: p.providerOrganisationId,
    developerOrganisationId: item.developerOrganisationId,
    currency: p.amount.currency,
    livemode: p.livemode,
  };
  return { outcome: "booked", parties, shares, occurredAt: new Date(p.purchasedAt) };
}

/**
 * The reversal a refund or dispute books against what is left of its sale (`left`: the sale's shares
 * plus every reversal so far), as `effectOf` decides it and `reversalShares` splits it. A refund in
 * another currency than the sale is refused; a change that moves no money books nothing.
 */
export function bookReversal(
  change: PurchaseFacts["change"],
  sold: { parties: PurchaseParties; left: Shares },
): ReversalBooking {
  const effect = effectOf({ kind: change.kind, amount: change.amount.amount }, sumShares(sold.left));
  if (effect.kind === "none" || effect.kind === "sale") return { outcome: "none" };
  if (effect.kind === "refund" && change.amount.currency !== sold.parties.currency)
    return {
      outcome: "rejected",
      reason: `refund currency ${change.amount.currency} differs from the sale's ${sold.parties.currency}`,
    };
  return {
    outcome: "booked",
    kind: effect.kind,
    shares: reversalShares(sold.left, effect.amount),
    occurredAt: new Date(change.at),
    amount: effect.amount,
    clamped: effect.clamped,
  };
}

/**
 * The statements a movement's developer and provider entries land in: each party's own, in the sale's
 * currency and mode. The platform's entry (its fee) lands in no statement.
 */
export function entryStatementKeys(parties: PurchaseParties): {
  developer: StatementKey;
  provider: StatementKey;
} {
  const key = { currency: parties.currency, livemode: parties.livemode };
  return {
    developer: { ...key, organisationId: parties.developerOrganisationId, role: "developer" },
    provider: { ...key, organisationId: parties.providerOrganisationId, role: "provider" },
  };
}
