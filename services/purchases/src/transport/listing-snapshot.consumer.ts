import { LISTING_SNAPSHOT_EVENTS, type ListingSnapshotV1, listingSnapshot } from "@mp/contracts";
import { defineConsumer, type RegisteredConsumer } from "@mp/runtime";
import type { makeRecordListing } from "../application/record-listing";

/** Purchases's subscription to every listings.listing.*.v1 event: how a payment's listing is resolved. */
export function listingSnapshotConsumer(
  recordListing: ReturnType<typeof makeRecordListing>,
): RegisteredConsumer {
  return defineConsumer<ListingSnapshotV1>({
    durable: "purchases-listings",
    stream: LISTING_SNAPSHOT_EVENTS[0].stream,
    eventTypes: LISTING_SNAPSHOT_EVENTS.map((e) => e.type),
    schema: listingSnapshot,
    handle: recordListing,
  });
}
