import { assetFinalisedV1 } from "./assets";
import { instanceCreatedV1, instanceSnapshotV1 } from "./catalogue";
import { installStatusChangedV1, releaseCopyFailedV1, releaseStoredV1 } from "./iot";
import { LISTING_SNAPSHOT_EVENTS, OFFERING_SNAPSHOT_EVENTS } from "./listings";
import type { EventOwner } from "./owners";
import { ITEM_SNAPSHOT_EVENTS, itemPublishedV1 } from "./publishing";
import { ITEM_RELEASE_EVENTS } from "./publishing-releases";
import { PURCHASE_SNAPSHOT_EVENTS } from "./purchases";
import { paymentUpdatedV1 } from "./settlements";
import { STATEMENT_LIFECYCLE_EVENTS } from "./statements";

/** A durable subscription: its logical name (the durable's prefix), the stream it reads, its event types. */
export interface Subscription {
  durable: string;
  stream: string;
  eventTypes: readonly string[];
}

const of = (durable: string, events: readonly { type: string; stream: string }[]): Subscription => ({
  durable,
  stream: (events[0] as { stream: string }).stream,
  eventTypes: events.map((e) => e.type),
});

const instances = [instanceCreatedV1, instanceSnapshotV1];

/**
 * Every durable consumer of every service. The NATS permissions of each service's user (deploy/docker and
 * deploy/k8s, generated from this table by `pnpm nats:write`) allow exactly these durables, and the runtime
 * refuses to start a consumer that is not listed here, so the two cannot drift apart.
 */
export const SUBSCRIPTIONS: Record<EventOwner, readonly Subscription[]> = {
  catalogue: [
    of("catalogue-items", ITEM_SNAPSHOT_EVENTS),
    of("catalogue-item-releases", ITEM_RELEASE_EVENTS),
    of("catalogue-assets", [assetFinalisedV1]),
    of("catalogue-offerings", OFFERING_SNAPSHOT_EVENTS),
    of("catalogue-listings", LISTING_SNAPSHOT_EVENTS),
  ],
  publishing: [
    of("publishing-instances", instances),
    of("publishing-release-stored", [releaseStoredV1]),
    of("publishing-release-copy-failed", [releaseCopyFailedV1]),
  ],
  assets: [],
  listings: [of("listings-instances", instances), of("listings-items", ITEM_SNAPSHOT_EVENTS)],
  purchases: [
    of("purchases-listings", LISTING_SNAPSHOT_EVENTS),
    of("purchases-items", ITEM_SNAPSHOT_EVENTS),
    of("purchases-releases", ITEM_RELEASE_EVENTS),
    of("purchases-installs", [installStatusChangedV1]),
    of("purchases-payments", [paymentUpdatedV1]),
  ],
  settlements: [
    of("settlements-items", ITEM_SNAPSHOT_EVENTS),
    of("settlements-instances", instances),
    of("settlements-ledger", PURCHASE_SNAPSHOT_EVENTS),
  ],
  "iot-adapter": [],
  webhooks: [
    of("webhooks-purchases", PURCHASE_SNAPSHOT_EVENTS),
    of("webhooks-installs", [installStatusChangedV1]),
    of("webhooks-items", [itemPublishedV1]),
    of("webhooks-statements", STATEMENT_LIFECYCLE_EVENTS),
  ],
};

/** The listed subscription with this service, name, stream and set of event types, if any. */
export function findSubscription(
  service: string,
  consumer: { durable: string; stream: string; eventTypes: readonly string[] },
): Subscription | undefined {
  const listed: readonly Subscription[] = SUBSCRIPTIONS[service as EventOwner] ?? [];
  const types = [...new Set(consumer.eventTypes)].sort().join(",");
  return listed.find(
    (s) =>
      s.durable === consumer.durable &&
      s.stream === consumer.stream &&
      [...new Set(s.eventTypes)].sort().join(",") === types,
  );
}
