import { ITEM_SNAPSHOT_EVENTS, type ItemSnapshotV1, itemSnapshot } from "@mp/contracts";
import { defineConsumer, type RegisteredConsumer } from "@mp/runtime";
import type { makeRecordItem } from "../application/record-item";

/** Purchases's subscription to every publishing.item.*.v1 event: the display names purchases show. */
export function itemSnapshotConsumer(recordItem: ReturnType<typeof makeRecordItem>): RegisteredConsumer {
  return defineConsumer<ItemSnapshotV1>({
    durable: "purchases-items",
    stream: ITEM_SNAPSHOT_EVENTS[0].stream,
    eventTypes: ITEM_SNAPSHOT_EVENTS.map((e) => e.type),
    schema: itemSnapshot,
    handle: recordItem,
  });
}
