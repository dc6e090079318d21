import type { Paged, Queryable, RawPageQuery } from "@mp/db";
import { parsePageQuery } from "@mp/db";
import { NotFoundError, ValidationError } from "@mp/errors";
import type { CallContext } from "@mp/grpc";
import { DELIVERY_STATUSES, type Delivery, type DeliveryStatus } from "../domain/delivery";
import type { Endpoint } from "../domain/endpoint";
import { callerOrganisation, parseGuid } from "./caller";
import type { DeliveryRepository, EndpointRepository } from "./ports";

/** `GET /marketplace/webhook-endpoints`: the caller's organisation's endpoints, paged. */
export function makeListEndpoints(deps: { endpoints: EndpointRepository }) {
  return async (request: RawPageQuery, ctx: CallContext): Promise<Paged<Endpoint>> =>
    deps.endpoints.list(callerOrganisation(ctx), parsePageQuery(request, ["createdAt"] as const));
}

/** `GET /marketplace/webhook-endpoints/{id}`. */
export function makeGetEndpoint(deps: { endpoints: EndpointRepository; pool: Queryable }) {
  return async (request: { id: string }, ctx: CallContext): Promise<Endpoint> => {
    const found = await deps.endpoints.get(
      deps.pool,
      callerOrganisation(ctx),
      parseGuid(request.id, "path.id"),
    );
    if (!found) throw new NotFoundError("Webhook endpoint");
    return found;
  };
}

/** `GET /marketplace/webhook-endpoints/{id}/deliveries`: the endpoint's delivery log, newest first. */
export function makeListDeliveries(deps: {
  endpoints: EndpointRepository;
  deliveries: DeliveryRepository;
  pool: Queryable;
}) {
  return async (
    request: RawPageQuery & { endpointId: string; status: string },
    ctx: CallContext,
  ): Promise<Paged<Delivery>> => {
    const organisationId = callerOrganisation(ctx);
    const endpointId = parseGuid(request.endpointId, "path.id");
    let status: DeliveryStatus | undefined;
    if (request.status) {
      if (!(DELIVERY_STATUSES as readonly string[]).includes(request.status))
        throw new ValidationError({ "query.status": [`must be one of ${DELIVERY_STATUSES.join(", ")}`] });
      status = request.status as DeliveryStatus;
    }
    const query = parsePageQuery(request, ["createdAt"] as const);
    if (!(await deps.endpoints.get(deps.pool, organisationId, endpointId)))
      throw new NotFoundError("Webhook endpoint");
    return deps.deliveries.list(endpointId, query, status);
  };
}
