import { ConflictError } from "@mp/errors";

export type ItemType = "app" | "algorithm";
export type ItemStatus = "draft" | "published" | "unpublished" | "retired";
export const ITEM_TYPES: readonly ItemType[] = ["app", "algorithm"];

export interface Money {
  amount: number;
  currency: string;
}

/** An item as publishing's latest applied snapshot describes it. */
export interface KnownItem {
  id: string;
  organisationId: string;
  marketplaceInstanceId: string;
  type: ItemType;
  status: ItemStatus;
  displayName: string | null;
  description: string | null;
  iconAssetId: string | null;
  basePrice: Money | null;
}

/**
 * Offerings and new listings need the item `published`: a draft was never offered, an unpublished one is
 * hidden (its existing listings stay as they are) and a retired one is final. 409 `invalid-state` with
 * the item's status otherwise.
 */
export function requirePublished(item: KnownItem, what: string): void {
  if (item.status !== "published")
    throw new ConflictError("invalid-state", `Only a published item can be ${what}; it is ${item.status}.`, {
      extensions: { state: item.status },
    });
}
