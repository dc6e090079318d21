import { ConflictError } from "@mp/errors";

export type ItemId = string & { readonly __brand: "MarketplaceItemId" };
export type ItemType = "app" | "algorithm";
export type ItemStatus = "draft" | "published" | "unpublished" | "retired";
export const ITEM_TYPES: readonly ItemType[] = ["app", "algorithm"];
export const ITEM_STATUSES: readonly ItemStatus[] = ["draft", "published", "unpublished", "retired"];

/** The item row itself; metadata, gallery, prices and releases are appended beside it. */
export interface Item {
  id: ItemId;
  type: ItemType;
  organisationId: string;
  marketplaceInstanceId: string;
  infuseIotApplicationId: number;
  status: ItemStatus;
  createdAt: Date;
  updatedAt: Date;
  publishedAt: Date | null;
}

export type Transition = "publish" | "unpublish" | "retire";

/** What a transition decided: the new status, or `unchanged` when the move is an idempotent repeat. */
export type TransitionOutcome = { kind: "changed"; status: ItemStatus } | { kind: "unchanged" };

export function invalidState(status: ItemStatus, detail: string): ConflictError {
  return new ConflictError("invalid-state", detail, { extensions: { state: status } });
}

/**
 * The item state machine (contract section 4): draft -> published, published -> unpublished,
 * unpublished -> published, any -> retired (final). Publishing a published item and retiring a retired
 * one are no-ops, so repeated or concurrent requests answer the same item. Readiness is checked by the
 * caller, not here.
 */
export function transition(status: ItemStatus, move: Transition): TransitionOutcome {
  if (status === "retired") {
    if (move === "retire") return { kind: "unchanged" };
    throw invalidState(status, "A retired item cannot change.");
  }
  switch (move) {
    case "publish":
      return status === "published" ? { kind: "unchanged" } : { kind: "changed", status: "published" };
    case "unpublish":
      if (status !== "published") throw invalidState(status, "Only a published item can be unpublished.");
      return { kind: "changed", status: "unpublished" };
    case "retire":
      return { kind: "changed", status: "retired" };
  }
}

/** Every change other than a state move (metadata, icon, gallery, price) is refused once retired. */
export function assertChangeable(status: ItemStatus): void {
  if (status === "retired") throw invalidState(status, "A retired item cannot change.");
}
