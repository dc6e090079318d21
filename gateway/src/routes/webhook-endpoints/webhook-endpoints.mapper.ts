import type { Delivery__Output } from "@mp/contracts/generated/marketplace/webhooks/v1/Delivery";
import type { DeliveryPage__Output } from "@mp/contracts/generated/marketplace/webhooks/v1/DeliveryPage";
import type { EndpointPage__Output } from "@mp/contracts/generated/marketplace/webhooks/v1/EndpointPage";
import type { EndpointWithSecret__Output } from "@mp/contracts/generated/marketplace/webhooks/v1/EndpointWithSecret";
import type { WebhookEndpoint__Output } from "@mp/contracts/generated/marketplace/webhooks/v1/WebhookEndpoint";
import type { z } from "zod";
import { isoTimestamp as iso } from "../shared/timestamps";
import type {
  WebhookDelivery,
  WebhookDeliveryPage,
  WebhookEndpoint,
  WebhookEndpointPage,
  WebhookEndpointWithSecret,
} from "./webhook-endpoints.schemas";

const maybeIso = (value: string | undefined) => (value ? iso(value) : null);

export function toWebhookEndpoint(m: WebhookEndpoint__Output): z.input<typeof WebhookEndpoint> {
  return {
    id: m.id,
    organisationId: m.organisationId,
    url: m.url,
    events: m.events as z.input<typeof WebhookEndpoint>["events"],
    description: m.description ?? null,
    enabled: m.enabled,
    disabledReason: m.disabledReason ?? null,
    createdAt: iso(m.createdAt),
    updatedAt: iso(m.updatedAt),
    previousSecretExpiresAt: maybeIso(m.previousSecretExpiresAt),
  };
}

export function toWebhookEndpointWithSecret(
  m: EndpointWithSecret__Output,
): z.input<typeof WebhookEndpointWithSecret> {
  if (!m.endpoint) throw new Error("webhooks answered without the endpoint");
  return { ...toWebhookEndpoint(m.endpoint), secret: m.secret };
}

export function toWebhookEndpointPage(m: EndpointPage__Output): z.input<typeof WebhookEndpointPage> {
  return {
    page: m.page,
    pageSize: m.pageSize,
    totalCount: m.totalCount,
    totalPages: m.totalPages,
    items: m.items.map(toWebhookEndpoint),
  };
}

export function toWebhookDelivery(m: Delivery__Output): z.input<typeof WebhookDelivery> {
  return {
    id: m.id,
    endpointId: m.endpointId,
    eventId: m.eventId,
    eventType: m.eventType,
    status: m.status as z.input<typeof WebhookDelivery>["status"],
    attempts: m.attempts,
    responseStatus: m.responseStatus ?? null,
    durationMs: m.durationMs ?? null,
    lastError: m.lastError ?? null,
    createdAt: iso(m.createdAt),
    lastAttemptAt: maybeIso(m.lastAttemptAt),
    nextAttemptAt: maybeIso(m.nextAttemptAt),
    deliveredAt: maybeIso(m.deliveredAt),
  };
}

export function toWebhookDeliveryPage(m: DeliveryPage__Output): z.input<typeof WebhookDeliveryPage> {
  return {
    page: m.page,
    pageSize: m.pageSize,
    totalCount: m.totalCount,
    totalPages: m.totalPages,
    items: m.items.map(toWebhookDelivery),
  };
}
