import type { PoolClient } from "@mp/db";
import { deliveryBody, translate } from "../domain/translation";
import type { DeliveryRepository, EndpointRepository, IdGenerator } from "./ports";

/**
 * A bus event, in the consumer's inbox transaction: its webhook event (if the translation table makes
 * one) becomes one delivery per enabled endpoint of the organisation it concerns that subscribed to it.
 * A redelivered event makes none twice (unique per event and endpoint).
 */
export function makeFanOutEvent(deps: {
  endpoints: EndpointRepository;
  deliveries: DeliveryRepository;
  ids: IdGenerator;
}) {
  return async (
    tx: PoolClient,
    event: { id: string; type: string; occurredAt: string; data: unknown },
  ): Promise<number> => {
    const webhook = translate(event.type, event.data);
    if (!webhook) return 0;
    const endpointIds = await deps.endpoints.subscribers(tx, webhook.organisationId, webhook.type);
    if (endpointIds.length === 0) return 0;
    const body = deliveryBody(event.id, event.occurredAt, webhook);
    const createdAt = new Date();
    return deps.deliveries.enqueue(
      tx,
      endpointIds.map((endpointId) => ({
        id: deps.ids.next(),
        endpointId,
        organisationId: webhook.organisationId,
        eventId: event.id,
        eventType: webhook.type,
        body,
        createdAt,
      })),
    );
  };
}
