import type { EventEnvelope } from "@mp/bus";
import {
  assetFinalisedV1,
  ITEM_RELEASE_EVENTS,
  ITEM_SNAPSHOT_EVENTS,
  itemReleaseState,
  LISTING_SNAPSHOT_EVENTS,
  OFFERING_SNAPSHOT_EVENTS,
} from "@mp/contracts";
import type { PoolClient } from "@mp/db";
import { defineConsumer, type RegisteredConsumer } from "@mp/runtime";
import type { z } from "zod";
import type { makeRecordEvents } from "../application/record-events";

/** Events of one read model applied together in one transaction when they queue up. */
export const READ_MODEL_BATCH = 16;

/** A durable subscription to every event of a set that carries one aggregate's state in one schema. */
function stateConsumer<T>(
  durable: string,
  events: readonly { type: string; stream: string; data: z.ZodType<T> }[],
  handle: (event: EventEnvelope<T>, tx: PoolClient) => Promise<void>,
): RegisteredConsumer {
  const [first] = events;
  if (!first) throw new Error(`${durable} subscribes to no event`);
  return defineConsumer({
    durable,
    stream: first.stream,
    eventTypes: events.map((e) => e.type),
    schema: first.data,
    // What queued up while the previous transaction ran is applied in one transaction (a burst of
    // thousands of events, a replay, a snapshot): every handler writes through the version guard and
    // recomputes what it derives, so the rows are those of applying the events one by one.
    batchSize: READ_MODEL_BATCH,
    handle,
  });
}

/**
 * The catalogue's durable subscriptions: one per read model, each to every event carrying that
 * aggregate's state (snapshots included, so a read model can be rebuilt after history expired).
 */
export function readModelConsumers(record: ReturnType<typeof makeRecordEvents>): RegisteredConsumer[] {
  return [
    stateConsumer("catalogue-items", ITEM_SNAPSHOT_EVENTS, record.item),
    defineConsumer({
      durable: "catalogue-item-releases",
      stream: ITEM_RELEASE_EVENTS[0].stream,
      eventTypes: ITEM_RELEASE_EVENTS.map((e) => e.type),
      schema: itemReleaseState,
      batchSize: READ_MODEL_BATCH,
      handle: record.itemRelease,
    }),
    stateConsumer("catalogue-assets", [assetFinalisedV1], record.asset),
    stateConsumer("catalogue-offerings", OFFERING_SNAPSHOT_EVENTS, record.offering),
    stateConsumer("catalogue-listings", LISTING_SNAPSHOT_EVENTS, record.listing),
  ];
}
