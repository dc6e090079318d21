import { NotFoundError } from "@mp/errors";
import { type CallContext, requirePrincipal } from "@mp/grpc";
import { parseGuid } from "./guid";
import type { KnownInstance, KnownInstanceRepository } from "./ports";

/**
 * The instance an admin addresses: it must be known and owned by the caller's organisation; another
 * organisation's instance is not found, like an unknown one. A caller without `admin` is forbidden.
 */
export async function adminsInstance(
  deps: { instances: KnownInstanceRepository },
  rawId: string,
  ctx: CallContext,
): Promise<KnownInstance> {
  const caller = requirePrincipal(ctx, "admin");
  const instance = await deps.instances.get(parseGuid(rawId, "path.instanceId"));
  if (!instance || instance.ownerOrganisationId !== caller.organisationId.toLowerCase())
    throw new NotFoundError("Marketplace instance");
  return instance;
}
