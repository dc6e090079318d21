import { type Paged, parsePageQuery, type RawPageQuery } from "@mp/db";
import type { CallContext } from "@mp/grpc";
import type { Offering } from "../domain/offering";
import { adminsInstance } from "./offering-access";
import type { KnownInstanceRepository, OfferingRepository } from "./ports";

/** `GET /marketplace/instances/{instanceId}/offerings`: active and withdrawn, paged by `createdAt`. */
export function makeListOfferings(deps: {
  instances: KnownInstanceRepository;
  offerings: OfferingRepository;
}) {
  return async (
    request: RawPageQuery & { instanceId: string },
    ctx: CallContext,
  ): Promise<Paged<Offering>> => {
    const instance = await adminsInstance(deps, request.instanceId, ctx);
    return deps.offerings.list(instance.id, parsePageQuery(request, ["createdAt"] as const));
  };
}
