// Original file: proto/marketplace/purchases/v1/purchases.proto

import type { ActivityEntry as _marketplace_purchases_v1_ActivityEntry, ActivityEntry__Output as _marketplace_purchases_v1_ActivityEntry__Output } from '../../../marketplace/purchases/v1/ActivityEntry';

export interface ListPurchaseActivityResponse {
  'items'?: (_marketplace_purchases_v1_ActivityEntry)[];
  'limit'?: (number);
}

export interface ListPurchaseActivityResponse__Output {
  'items': (_marketplace_purchases_v1_ActivityEntry__Output)[];
  'limit': (number);
}
