import { type InstanceCreatedV1, instanceCreatedV1, instanceSnapshotV1 } from "@mp/contracts";
import { defineConsumer, type RegisteredConsumer } from "@mp/runtime";
import { knownInstanceProjection } from "../infra/known-instance.repository";

/**
 * Listings's durable subscription to instance creations and instance snapshots (the same data; snapshots
 * let it rebuild `known_instances` after the created events have left the stream).
 */
export function instanceCreatedConsumer(): RegisteredConsumer {
  return defineConsumer<InstanceCreatedV1>({
    durable: "listings-instances",
    stream: instanceCreatedV1.stream,
    eventTypes: [instanceCreatedV1.type, instanceSnapshotV1.type],
    schema: instanceCreatedV1.data,
    // What queued up while the previous statement ran (up to 32 events, a burst of creations) is written
    // with one statement, inbox rows included, as a version-guarded upsert; a batch that fails is simply
    // applied again one by one.
    batchSize: 32,
    project: knownInstanceProjection,
  });
}
