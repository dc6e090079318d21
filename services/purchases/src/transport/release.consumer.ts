import { ITEM_RELEASE_EVENTS, type ItemReleaseEvent, itemReleaseState } from "@mp/contracts";
import { defineConsumer, type RegisteredConsumer } from "@mp/runtime";
import type { makeRecordRelease } from "../application/record-release";

/** Purchases's subscription to every publishing.item.release-*.v1 event: the releases downloads grant. */
export function releaseConsumer(recordRelease: ReturnType<typeof makeRecordRelease>): RegisteredConsumer {
  return defineConsumer<ItemReleaseEvent>({
    durable: "purchases-releases",
    stream: ITEM_RELEASE_EVENTS[0].stream,
    eventTypes: ITEM_RELEASE_EVENTS.map((e) => e.type),
    schema: itemReleaseState,
    handle: recordRelease,
  });
}
