// Original file: proto/marketplace/webhooks/v1/webhooks.proto

import type { WebhookEndpoint as _marketplace_webhooks_v1_WebhookEndpoint, WebhookEndpoint__Output as _marketplace_webhooks_v1_WebhookEndpoint__Output } from '../../../marketplace/webhooks/v1/WebhookEndpoint';

export interface EndpointPage {
  'items'?: (_marketplace_webhooks_v1_WebhookEndpoint)[];
  'page'?: (number);
  'pageSize'?: (number);
  'totalCount'?: (number);
  'totalPages'?: (number);
}

export interface EndpointPage__Output {
  'items': (_marketplace_webhooks_v1_WebhookEndpoint__Output)[];
  'page': (number);
  'pageSize': (number);
  'totalCount': (number);
  'totalPages': (number);
}
