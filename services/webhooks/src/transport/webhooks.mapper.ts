import type { Delivery as DeliveryMessage } from "@mp/contracts/generated/marketplace/webhooks/v1/Delivery";
import type { DeliveryPage } from "@mp/contracts/generated/marketplace/webhooks/v1/DeliveryPage";
import type { EndpointPage } from "@mp/contracts/generated/marketplace/webhooks/v1/EndpointPage";
import type { WebhookEndpoint } from "@mp/contracts/generated/marketplace/webhooks/v1/WebhookEndpoint";
import type { Paged } from "@mp/db";
import type { Delivery } from "../domain/delivery";
import type { Endpoint } from "../domain/endpoint";

const iso = (at: Date | null) => at?.toISOString();

export function toEndpointMessage(e: Endpoint): WebhookEndpoint {
  return {
    id: e.id,
    organisationId: e.organisationId,
    url: e.url,
    events: e.events,
    description: e.description ?? undefined,
    enabled: e.enabled,
    disabledReason: e.disabledReason ?? undefined,
    createdAt: e.createdAt.toISOString(),
    updatedAt: e.updatedAt.toISOString(),
    previousSecretExpiresAt: iso(e.previousSecretExpiresAt),
  };
}

export function toDeliveryMessage(d: Delivery): DeliveryMessage {
  return {
    id: d.id,
    endpointId: d.endpointId,
    eventId: d.eventId,
    eventType: d.eventType,
    status: d.status,
    attempts: d.attempts,
    responseStatus: d.responseStatus ?? undefined,
    durationMs: d.durationMs ?? undefined,
    lastError: d.lastError ?? undefined,
    createdAt: d.createdAt.toISOString(),
    lastAttemptAt: iso(d.lastAttemptAt),
    nextAttemptAt: iso(d.nextAttemptAt),
    deliveredAt: iso(d.deliveredAt),
  };
}

const page = <T, M>(p: Paged<T>, map: (item: T) => M) => ({
  items: p.items.map(map),
  page: p.page,
  pageSize: p.pageSize,
  totalCount: p.totalCount,
  totalPages: p.totalPages,
});

export const toEndpointPage = (p: Paged<Endpoint>): EndpointPage => page(p, toEndpointMessage);
export const toDeliveryPage = (p: Paged<Delivery>): DeliveryPage => page(p, toDeliveryMessage);
