import { NotFoundError } from "@mp/errors";
import { type CallContext, requirePrincipal } from "@mp/grpc";
import { isGuid } from "@mp/ids";
import type { Instance } from "../domain/instance";
import type { InstanceRepository } from "./ports";

/** Any authenticated caller may read an instance: instances are the shared scopes everyone works in. */
export function makeGetInstance(deps: { instances: InstanceRepository }) {
  return async (id: string, ctx: CallContext): Promise<Instance> => {
    requirePrincipal(ctx);
    const instance = isGuid(id) ? await deps.instances.get(id.toLowerCase()) : undefined;
    if (!instance) throw new NotFoundError("Marketplace instance");
    return instance;
  };
}
