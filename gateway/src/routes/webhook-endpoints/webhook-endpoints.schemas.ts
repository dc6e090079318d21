import { WEBHOOK_EVENT_TYPES } from "@mp/contracts";
import { z } from "zod";
import { guid, guidInput, httpUrlInput, multiLine, paged, pageQuery, timestamp } from "../common.schemas";

const EventType = z.enum(WEBHOOK_EVENT_TYPES).meta({
  id: "WebhookEventType",
  description:
    "An event an endpoint can subscribe to; each is sent only to the organisation it concerns. `endpoint.disabled` is sent by the system to every other enabled endpoint of the organisation and needs no subscription.",
});

const Events = z
  .array(EventType)
  .min(1)
  .max(WEBHOOK_EVENT_TYPES.length)
  .refine((events) => new Set(events).size === events.length, "Events must not repeat.");

export const WebhookEndpoint = z
  .object({
    id: guid.describe("The endpoint's id."),
    organisationId: guid.describe("The organisation that owns the endpoint (the caller's)."),
    url: z.string().describe("Where deliveries are posted."),
    events: z.array(EventType).describe("The events delivered to this endpoint."),
    description: z.string().nullable().describe("The owner's note about the endpoint; null when none."),
    enabled: z.boolean().describe("Whether deliveries are made; a disabled endpoint receives nothing."),
    disabledReason: z
      .string()
      .nullable()
      .describe(
        "`retries-exhausted` when the system disabled it after a delivery failed for the whole retry window; null otherwise.",
      ),
    createdAt: timestamp.describe("When it was registered."),
    updatedAt: timestamp.describe("When it last changed (including a secret rotation)."),
    previousSecretExpiresAt: timestamp
      .nullable()
      .describe(
        "After a rotation: until when the previous secret still signs deliveries alongside the new one; null otherwise.",
      ),
  })
  .meta({
    id: "WebhookEndpoint",
    description: "A URL of an organisation's that receives signed event deliveries.",
  });

export const WebhookEndpointWithSecret = WebhookEndpoint.extend({
  secret: z
    .string()
    .describe(
      "`whsec_...`: the signing secret, shown in this response only; verify `Marketplace-Signature` with it.",
    ),
}).meta({ id: "WebhookEndpointWithSecret", description: "An endpoint with its signing secret, shown once." });

export const WebhookEndpointPage = paged(WebhookEndpoint);

export const CreateWebhookEndpointBody = z.strictObject({
  url: httpUrlInput().describe(
    "Absolute URL deliveries are posted to: https in production; never a loopback, private, link-local or reserved address (checked again at every connection).",
  ),
  events: Events.describe("The events to deliver: at least one, no repeats."),
  description: multiLine().max(500).optional().describe("A note for the owner, at most 500 characters."),
});

export const UpdateWebhookEndpointBody = z
  .strictObject({
    url: httpUrlInput().optional().describe("A new URL, under the same rules as at creation."),
    events: Events.optional().describe("The new list of events (replaces the old one)."),
    enabled: z
      .boolean()
      .optional()
      .describe(
        "`false` stops deliveries; `true` resumes them (pending ones are sent) and clears `disabledReason`.",
      ),
    description: multiLine().max(500).optional().describe("A new note; an empty string removes it."),
  })
  .refine((body) => Object.keys(body).length > 0, "Give at least one of url, events, enabled, description.");

export const ListWebhookEndpointsQuery = z.object(pageQuery(["createdAt"]));

export const WebhookEndpointParams = z.object({ id: guidInput("Webhook endpoint id (guid, any case).") });

export const DeliveryParams = z.object({
  id: guidInput("Webhook endpoint id (guid, any case)."),
  deliveryId: guidInput("Delivery id (guid, any case)."),
});

const DeliveryStatus = z.enum(["pending", "succeeded", "failed"]);

export const WebhookDelivery = z
  .object({
    id: guid.describe("The delivery's id."),
    endpointId: guid.describe("The endpoint it is made to."),
    eventId: guid.describe("The event's `id`, as in the body: the same for every endpoint and every retry."),
    eventType: z.string().describe("The event's `type`."),
    status: DeliveryStatus.describe(
      "`pending` (not yet answered with 2xx; retried on the schedule), `succeeded`, or `failed` (the retry window passed).",
    ),
    attempts: z.int().describe("Attempts made so far."),
    responseStatus: z
      .int()
      .nullable()
      .describe("The HTTP status of the last attempt; null when none answered."),
    durationMs: z.int().nullable().describe("How long the last attempt took, in milliseconds."),
    lastError: z.string().nullable().describe("Why the last attempt failed; null when it did not."),
    createdAt: timestamp.describe("When the delivery was made from the event."),
    lastAttemptAt: timestamp.nullable().describe("When the last attempt started."),
    nextAttemptAt: timestamp.nullable().describe("When a pending delivery is tried next; null otherwise."),
    deliveredAt: timestamp.nullable().describe("When it was answered with 2xx; null until then."),
  })
  .meta({ id: "WebhookDelivery", description: "One event sent (or to be sent) to one endpoint." });

export const WebhookDeliveryPage = paged(WebhookDelivery);

export const ListDeliveriesQuery = z.object({
  ...pageQuery(["createdAt"]),
  status: DeliveryStatus.optional().describe("Only deliveries in this state."),
});
