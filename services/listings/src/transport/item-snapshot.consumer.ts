import { ITEM_SNAPSHOT_EVENTS, type ItemSnapshotV1, itemSnapshot } from "@mp/contracts";
import { defineConsumer, type RegisteredConsumer } from "@mp/runtime";
import type { makeRecordItem } from "../application/record-item";

/**
 * Listings's durable subscription to every publishing.item.*.v1 event (all carry the item snapshot): the
 * only way listings learns an item's status, base price, name, type, instance and icon.
 */
export function itemSnapshotConsumer(recordItem: ReturnType<typeof makeRecordItem>): RegisteredConsumer {
  return defineConsumer<ItemSnapshotV1>({
    durable: "listings-items",
    stream: ITEM_SNAPSHOT_EVENTS[0].stream,
    eventTypes: ITEM_SNAPSHOT_EVENTS.map((e) => e.type),
    schema: itemSnapshot,
    handle: recordItem,
  });
}
