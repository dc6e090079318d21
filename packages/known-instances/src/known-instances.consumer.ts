import { type InstanceCreatedV1, instanceCreatedV1, instanceSnapshotV1 } from "@mp/contracts";
import { defineConsumer, type RegisteredConsumer } from "@mp/runtime";
import { knownInstanceProjection } from "./known-instance.repository";

/**
 * A service's durable subscription to instance creations and instance snapshots (the same data; snapshots
 * let it rebuild `known_instances` after the created events have left the stream). What queued up while
 * the previous statement ran (up to 32 events, a burst of creations) is written with one statement, inbox
 * rows included, as a version-guarded upsert; a batch that fails is applied again one by one. Instances
 * never change after creation and each is its own row, so nothing needs ordering: `concurrency` workers
 * may apply batches side by side.
 */
export function knownInstancesConsumer(options: {
  durable: string;
  concurrency?: number;
}): RegisteredConsumer {
  return defineConsumer<InstanceCreatedV1>({
    durable: options.durable,
    stream: instanceCreatedV1.stream,
    eventTypes: [instanceCreatedV1.type, instanceSnapshotV1.type],
    schema: instanceCreatedV1.data,
    ...(options.concurrency ? { concurrency: options.concurrency } : {}),
    batchSize: 32,
    project: knownInstanceProjection,
  });
}
