import { NotFoundError } from "@mp/errors";
import { isGuid } from "@mp/ids";
import type { KnownInstance, KnownInstanceRepository } from "./known-instance";

/** An instance is known once its creation event has been consumed; until then it is not found. */
export function makeGetInstanceReference(deps: { instances: KnownInstanceRepository }) {
  return async (id: string): Promise<KnownInstance> => {
    const instance = isGuid(id) ? await deps.instances.get(id.toLowerCase()) : undefined;
    if (!instance) throw new NotFoundError("Marketplace instance");
    return instance;
  };
}
