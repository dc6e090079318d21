import { type InstanceCreatedV1, instanceCreatedV1, instanceSnapshotV1 } from "@mp/contracts";
import { defineConsumer, type RegisteredConsumer } from "@mp/runtime";
import { knownInstanceProjection } from "../infra/known-instance.repository";

/**
 * Publishing's durable subscription to instance creations and instance snapshots (the same data; snapshots
 * let it rebuild `known_instances` after the created events have left the stream).
 */
export function instanceCreatedConsumer(): RegisteredConsumer {
  return defineConsumer<InstanceCreatedV1>({
    durable: "publishing-instances",
    stream: instanceCreatedV1.stream,
    eventTypes: [instanceCreatedV1.type, instanceSnapshotV1.type],
    schema: instanceCreatedV1.data,
    // Instances never change after creation (version 1) and each is its own row: nothing to order, so
    // a creation burst is applied by two workers at once, each applying what queued up meanwhile (up to
    // 32 events) with one statement, inbox rows included: one commit per batch instead of one per instance.
    concurrency: 2,
    batchSize: 32,
    project: knownInstanceProjection,
  });
}
