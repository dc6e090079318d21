import { NotFoundError } from "@mp/errors";
import type { KnownInstance, KnownInstanceRepository } from "./known-instance";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An instance is known once its creation event has been consumed; until then it is not found. */
export function makeGetInstanceReference(deps: { instances: KnownInstanceRepository }) {
  return async (id: string): Promise<KnownInstance> => {
    const instance = UUID.test(id) ? await deps.instances.get(id.toLowerCase()) : undefined;
    if (!instance) throw new NotFoundError("Marketplace instance");
    return instance;
  };
}
