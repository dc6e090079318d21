import { newEvent } from "@mp/bus";
import { type InstanceCreatedV1, instanceCreatedV1 } from "@mp/contracts";
import { RequestIdReusedError } from "@mp/errors";
import type { CallContext } from "@mp/grpc";
import { requirePrincipal } from "@mp/grpc";
import { createInstance, type Instance, type NewInstanceInput } from "../domain/instance";
import type { Clock, IdGenerator, InstanceRepository, UnitOfWork } from "./ports";

export function toInstanceCreatedEvent(instance: Instance): InstanceCreatedV1 {
  return {
    id: instance.id,
    name: instance.name,
    ownerOrganisationId: instance.ownerOrganisationId,
    defaultCurrency: instance.defaultCurrency,
    platformFeeBps: instance.platformFeeBps,
    createdAt: instance.createdAt.toISOString(),
    version: 1,
  };
}

/** Whether `existing` is what creating `wanted` would have made: the same normalised values. */
function sameCreation(existing: Instance, wanted: Instance): boolean {
  return (
    existing.name === wanted.name &&
    existing.defaultCurrency === wanted.defaultCurrency &&
    existing.platformFeeBps === wanted.platformFeeBps
  );
}

/**
 * Admins create instances. The row and its `catalogue.instance.created.v1` event commit together (one
 * statement, one round trip), so publishing and listings learn of every instance that exists and of none
 * that does not.
 *
 * A creation is done once per request: the row keeps the request id it was created under (the gateway's
 * `X-Request-Id`, scoped to the organisation), and a repeat of that request (an ingress resending it on
 * another gateway after the first died under it, or a client retrying after an unclear answer) returns
 * the instance made the first time, writing and emitting nothing. The same request id with other values
 * is refused (409 `request-id-reused`): it names another request.
 */
export function makeCreateInstance(deps: {
  instances: InstanceRepository;
  unitOfWork: UnitOfWork;
  clock: Clock;
  ids: IdGenerator;
}) {
  return async (input: NewInstanceInput, ctx: CallContext): Promise<Instance> => {
    const caller = requirePrincipal(ctx, "admin");
    const instance = createInstance(input, caller, { id: deps.ids.next(), now: deps.clock.now() });
    const event = newEvent(
      instanceCreatedV1.type,
      "catalogue",
      toInstanceCreatedEvent(instance),
      instance.createdAt,
    );
    const key = ctx.requestId;
    if (await deps.unitOfWork.commitIfWritten(deps.instances.insertOnceStatement(instance, key), event)) {
      ctx.logger.info({ instanceId: instance.id }, "instance created");
      return instance;
    }
    // The key's row is committed: the insert waited for it, or found it there.
    const existing = await deps.instances.findByCreationKey(instance.ownerOrganisationId, key);
    if (!existing) throw new Error(`no instance holds creation key ${key} after a conflict on it`);
    if (!sameCreation(existing, instance)) {
      throw new RequestIdReusedError(key, "instance", existing.id, "instanceId");
    }
    ctx.logger.info({ instanceId: existing.id }, "instance creation repeated: the first one's instance");
    return existing;
  };
}
