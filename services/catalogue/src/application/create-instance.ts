import { newEvent } from "@mp/bus";
import { type InstanceCreatedV1, instanceCreatedV1 } from "@mp/contracts";
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

/**
 * Admins create instances. The row and its `catalogue.instance.created.v1` event commit together (one
 * statement, one round trip), so publishing and listings learn of every instance that exists and of none
 * that does not.
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
    await deps.unitOfWork.commit(
      deps.instances.insertStatement(instance),
      newEvent(instanceCreatedV1.type, "catalogue", toInstanceCreatedEvent(instance), instance.createdAt),
    );
    ctx.logger.info({ instanceId: instance.id }, "instance created");
    return instance;
  };
}
