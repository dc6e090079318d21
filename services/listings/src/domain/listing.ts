import { ConflictError, ValidationError } from "@mp/errors";
import { splitSale } from "@mp/money";
import type { Money } from "./item";

export type Visibility = "public" | "private";
export const VISIBILITIES: readonly Visibility[] = ["public", "private"];

/**
 * A provider's offer to sell an item in an instance. The current listing has no `supersededAt`;
 * `disabled` is true once superseded or once its offering was withdrawn. `version` grows by one with
 * every change and is carried by the event announcing it.
 */
export interface Listing {
  id: string;
  marketplaceItemId: string;
  marketplaceInstanceId: string;
  providerOrganisationId: string;
  offeringId: string;
  price: Money;
  visibility: Visibility;
  disabled: boolean;
  createdAt: Date;
  supersededAt: Date | null;
  version: number;
}

export interface VisibilityState {
  visibility: Visibility;
  setAt: Date;
  setBy: string;
}

/**
 * A listing price must be in the base price's currency (400 naming `body.price.currency`) and leave the
 * provider a share >= 0 once the developer's base price and the platform fee are taken (contract
 * section 6; 409 `price-below-base`).
 */
export function checkPrice(price: Money, basePrice: Money, platformFeeBps: number): void {
  if (price.currency !== basePrice.currency)
    throw new ValidationError({
      "body.price.currency": [`must be ${basePrice.currency}, the currency of the item's base price`],
    });
  const { providerShare } = splitSale({
    gross: price.amount,
    basePrice: basePrice.amount,
    feeBps: platformFeeBps,
  });
  if (providerShare < 0)
    throw new ConflictError(
      "price-below-base",
      "The price does not cover the item's base price and the platform fee: the provider's share would be negative.",
      { extensions: { basePrice, platformFeeBps } },
    );
}

/** The previous current listing once a newer one replaces it: disabled, in history from `at`. */
export function supersede(listing: Listing, at: Date): Listing {
  return { ...listing, disabled: true, supersededAt: at, version: listing.version + 1 };
}

/** Disabled because its offering was withdrawn (no change when already disabled). */
export function disable(listing: Listing): Listing {
  return listing.disabled ? listing : { ...listing, disabled: true, version: listing.version + 1 };
}

/** A visibility state was appended: the listing takes it, and its version grows even when unchanged. */
export function setVisibility(listing: Listing, visibility: Visibility): Listing {
  if (listing.supersededAt !== null)
    throw new ConflictError("invalid-state", "A superseded listing is history and cannot change.", {
      extensions: { state: "superseded" },
    });
  return { ...listing, visibility, version: listing.version + 1 };
}
