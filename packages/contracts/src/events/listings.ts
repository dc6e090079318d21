import { z } from "zod";
import { aggregateVersion } from "./versions";

const money = z.object({ amount: z.number().int().min(0), currency: z.string().length(3) });

/**
 * What every `listings.offering.*.v1` event carries. An offering is an admin's decision to let providers
 * list a published item in an instance. `version` is 1 when offered and 2 once withdrawn (final); offering
 * the item again after a withdrawal makes a new offering with a new id.
 */
export const offeringSnapshot = z.object({
  id: z.uuid(),
  marketplaceInstanceId: z.uuid(),
  marketplaceItemId: z.uuid(),
  createdAt: z.iso.datetime(),
  withdrawnAt: z.iso.datetime().nullable(),
  occurredAt: z.iso.datetime(),
  version: aggregateVersion,
});
export type OfferingSnapshotV1 = z.infer<typeof offeringSnapshot>;

const offeringEvent = <T extends string>(type: T) =>
  ({ type, stream: "LISTINGS", data: offeringSnapshot }) as const;

/** An admin offered a published item in an instance: providers may list it there. */
export const offeringOfferedV1 = offeringEvent("listings.offering.offered.v1");
/** Withdrawn by an admin, or because the item was retired; its listings are disabled with it. */
export const offeringWithdrawnV1 = offeringEvent("listings.offering.withdrawn.v1");
/** The offering as it is now, re-emitted on request (`pnpm bus snapshot listings`). */
export const offeringSnapshotV1 = offeringEvent("listings.offering.snapshot.v1");

export const OFFERING_SNAPSHOT_EVENTS = [offeringOfferedV1, offeringWithdrawnV1, offeringSnapshotV1] as const;

/**
 * What every `listings.listing.*.v1` event carries: the whole listing, so catalogues and purchases never
 * call listings back. `price.amount` is in the currency's minor unit. `disabled` is true once the listing
 * was superseded by the provider's next listing or its offering was withdrawn. `version` is the listing's
 * aggregate version: apply a snapshot only when it is higher than the one held, whatever the event type.
 */
export const listingSnapshot = z.object({
  id: z.uuid(),
  marketplaceItemId: z.uuid(),
  marketplaceInstanceId: z.uuid(),
  providerOrganisationId: z.uuid(),
  price: money,
  visibility: z.enum(["public", "private"]),
  disabled: z.boolean(),
  createdAt: z.iso.datetime(),
  supersededAt: z.iso.datetime().nullable(),
  occurredAt: z.iso.datetime(),
  version: aggregateVersion,
});
export type ListingSnapshotV1 = z.infer<typeof listingSnapshot>;

const listingEvent = <T extends string>(type: T) =>
  ({ type, stream: "LISTINGS", data: listingSnapshot }) as const;

/** A provider created a listing (its previous listing of the item in the instance is superseded). */
export const listingCreatedV1 = listingEvent("listings.listing.created.v1");
/** A visibility state was appended (also when unchanged: the version still grows). */
export const listingVisibilitySetV1 = listingEvent("listings.listing.visibility-set.v1");
/** Disabled: superseded by the provider's newer listing, or its offering was withdrawn. */
export const listingDisabledV1 = listingEvent("listings.listing.disabled.v1");
/** The listing as it is now, re-emitted on request (`pnpm bus snapshot listings`). */
export const listingSnapshotV1 = listingEvent("listings.listing.snapshot.v1");

/** Every event carrying the listing snapshot: what a listing read model subscribes to. */
export const LISTING_SNAPSHOT_EVENTS = [
  listingCreatedV1,
  listingVisibilitySetV1,
  listingDisabledV1,
  listingSnapshotV1,
] as const;
