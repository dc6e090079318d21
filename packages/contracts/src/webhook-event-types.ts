/**
 * The events a webhook endpoint may subscribe to, as the REST API names them: the gateway validates a
 * subscription against this list and the webhooks service checks it again, so both read it from here.
 */
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
