import {
  assetFinalisedV1,
  ITEM_SNAPSHOT_EVENTS,
  itemReleaseAddedV1,
  itemReleaseAvailableV1,
  itemReleaseFailedV1,
  itemReleaseSnapshotV1,
  LISTING_SNAPSHOT_EVENTS,
  OFFERING_SNAPSHOT_EVENTS,
} from "@mp/contracts";
import { defineConsumer, type RegisteredConsumer } from "@mp/runtime";
import { z } from "zod";
import type { makeRecordEvents } from "../application/record-events";

const ITEM_RELEASE_EVENTS = [
  itemReleaseSnapshotV1,
  itemReleaseAddedV1,
  itemReleaseAvailableV1,
  itemReleaseFailedV1,
];

/**
 * The catalogue's durable subscriptions: one per read model, each to every event carrying that
 * aggregate's state (snapshots included, so a read model can be rebuilt after history expired).
 */
export function readModelConsumers(record: ReturnType<typeof makeRecordEvents>): RegisteredConsumer[] {
  return [
    defineConsumer({
      durable: "catalogue-items",
      stream: ITEM_SNAPSHOT_EVENTS[0].stream,
      eventTypes: ITEM_SNAPSHOT_EVENTS.map((e) => e.type),
      schema: ITEM_SNAPSHOT_EVENTS[0].data,
      handle: record.item,
    }),
    defineConsumer({
      durable: "catalogue-item-releases",
      stream: itemReleaseSnapshotV1.stream,
      eventTypes: ITEM_RELEASE_EVENTS.map((e) => e.type),
      // The snapshot first: it is the only shape with `updatedAt`, so no event parses as another's.
      schema: z.union([
        itemReleaseSnapshotV1.data,
        itemReleaseAddedV1.data,
        itemReleaseAvailableV1.data,
        itemReleaseFailedV1.data,
      ]),
      handle: record.itemRelease,
    }),
    defineConsumer({
      durable: "catalogue-assets",
      stream: assetFinalisedV1.stream,
      eventTypes: [assetFinalisedV1.type],
      schema: assetFinalisedV1.data,
      handle: record.asset,
    }),
    defineConsumer({
      durable: "catalogue-offerings",
      stream: OFFERING_SNAPSHOT_EVENTS[0].stream,
      eventTypes: OFFERING_SNAPSHOT_EVENTS.map((e) => e.type),
      schema: OFFERING_SNAPSHOT_EVENTS[0].data,
      handle: record.offering,
    }),
    defineConsumer({
      durable: "catalogue-listings",
      stream: LISTING_SNAPSHOT_EVENTS[0].stream,
      eventTypes: LISTING_SNAPSHOT_EVENTS.map((e) => e.type),
      schema: LISTING_SNAPSHOT_EVENTS[0].data,
      handle: record.listing,
    }),
  ];
}
