import type { KnownInstance } from "./known-instance";

/**
 * The `InstanceReference` message that listings and publishing both answer `GetInstanceReference` with:
 * what the gateway needs to know the instance is known here, and since when.
 */
export function toInstanceReferenceMessage(instance: KnownInstance) {
  return {
    id: instance.id,
    defaultCurrency: instance.defaultCurrency,
    learnedAt: instance.learnedAt.toISOString(),
  };
}
