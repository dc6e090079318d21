// Original file: proto/marketplace/webhooks/v1/webhooks.proto

import type { WebhookEndpoint as _marketplace_webhooks_v1_WebhookEndpoint, WebhookEndpoint__Output as _marketplace_webhooks_v1_WebhookEndpoint__Output } from '../../../marketplace/webhooks/v1/WebhookEndpoint';

/**
 * An endpoint with its signing secret, shown only when created or rotated.
 */
export interface EndpointWithSecret {
  'endpoint'?: (_marketplace_webhooks_v1_WebhookEndpoint | null);
  'secret'?: (string);
}

/**
 * An endpoint with its signing secret, shown only when created or rotated.
 */
export interface EndpointWithSecret__Output {
  'endpoint': (_marketplace_webhooks_v1_WebhookEndpoint__Output | null);
  'secret': (string);
}
