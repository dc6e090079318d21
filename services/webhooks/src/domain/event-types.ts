import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from "@mp/contracts";

/** Sent by the system, whatever an endpoint subscribed to, to the other endpoints of an organisation. */
export const ENDPOINT_DISABLED = "endpoint.disabled";

/** Whether `value` names an event an endpoint may subscribe to (issue 27). */
export function isWebhookEventType(value: string): value is WebhookEventType {
  return (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value);
}
