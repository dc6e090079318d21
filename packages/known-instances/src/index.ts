export { makeGetInstanceReference } from "./get-instance-reference";
export { toInstanceReferenceMessage } from "./instance-reference.mapper";
export type { KnownInstance, KnownInstanceRepository } from "./known-instance";
export { knownInstanceProjection, makeKnownInstanceRepository } from "./known-instance.repository";
export { knownInstancesConsumer } from "./known-instances.consumer";
