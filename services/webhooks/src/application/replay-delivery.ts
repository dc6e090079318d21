import { ConflictError, NotFoundError } from "@mp/errors";
import type { CallContext } from "@mp/grpc";
import type { Delivery } from "../domain/delivery";
import { callerOrganisation, parseGuid } from "./caller";
import type { Clock, DeliveryRepository, EndpointRepository, UnitOfWork } from "./ports";

/**
 * `POST /marketplace/webhook-endpoints/{id}/deliveries/{deliveryId}/replay` (202): the delivery is due
 * again now, with the same body and event id, whatever it came to before. A disabled endpoint is 409
 * `invalid-state` (enable it first).
 */
export function makeReplayDelivery(deps: {
  endpoints: EndpointRepository;
  deliveries: DeliveryRepository;
  unitOfWork: UnitOfWork;
  clock: Clock;
}) {
  return async (request: { endpointId: string; deliveryId: string }, ctx: CallContext): Promise<Delivery> => {
    const organisationId = callerOrganisation(ctx);
    const endpointId = parseGuid(request.endpointId, "path.id");
    const deliveryId = parseGuid(request.deliveryId, "path.deliveryId");
    return deps.unitOfWork.run(async (tx) => {
      const endpoint = await deps.endpoints.lock(tx, organisationId, endpointId);
      if (!endpoint) throw new NotFoundError("Webhook endpoint");
      if (!endpoint.enabled)
        throw new ConflictError("invalid-state", "The endpoint is disabled; enable it before replaying.", {
          extensions: { state: "disabled" },
        });
      const replayed = await deps.deliveries.replay(tx, endpointId, deliveryId, deps.clock.now());
      if (!replayed) throw new NotFoundError("Delivery");
      return replayed;
    });
  };
}
