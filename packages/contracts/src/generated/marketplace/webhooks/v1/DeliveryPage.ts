// Original file: proto/marketplace/webhooks/v1/webhooks.proto

import type { Delivery as _marketplace_webhooks_v1_Delivery, Delivery__Output as _marketplace_webhooks_v1_Delivery__Output } from '../../../marketplace/webhooks/v1/Delivery';

export interface DeliveryPage {
  'items'?: (_marketplace_webhooks_v1_Delivery)[];
  'page'?: (number);
  'pageSize'?: (number);
  'totalCount'?: (number);
  'totalPages'?: (number);
}

export interface DeliveryPage__Output {
  'items': (_marketplace_webhooks_v1_Delivery__Output)[];
  'page': (number);
  'pageSize': (number);
  'totalCount': (number);
  'totalPages': (number);
}
