import { type InstanceCreatedV1, instanceCreatedV1 } from "@mp/contracts";
import { defineConsumer, type RegisteredConsumer } from "@mp/runtime";
import type { makeRecordInstance } from "../application/record-instance";

/** Listings's durable subscription to instance creations. */
export function instanceCreatedConsumer(
  recordInstance: ReturnType<typeof makeRecordInstance>,
): RegisteredConsumer {
  return defineConsumer<InstanceCreatedV1>({
    durable: "listings-instances",
    stream: instanceCreatedV1.stream,
    eventTypes: [instanceCreatedV1.type],
    schema: instanceCreatedV1.data,
    handle: recordInstance,
  });
}
