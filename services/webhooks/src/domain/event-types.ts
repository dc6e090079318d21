/** The events an endpoint may subscribe to (issue 27): each goes to the organisations it concerns only. */
export const WEBHOOK_EVENT_TYPES = [
  "purchase.completed",
  "purchase.refunded",
  "purchase.disputed",
  "install.succeeded",
  "install.failed",
  "rollout.paused",
  "rollout.completed",
  "statement.closed",
  "statement.paid",
  "item.published",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Sent by the system, whatever an endpoint subscribed to, to the other endpoints of an organisation. */
export const ENDPOINT_DISABLED = "endpoint.disabled";

export function isWebhookEventType(value: string): value is WebhookEventType {
  return (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value);
}
