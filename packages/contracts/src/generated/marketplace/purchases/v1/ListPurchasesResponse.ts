// Original file: proto/marketplace/purchases/v1/purchases.proto

import type { Purchase as _marketplace_purchases_v1_Purchase, Purchase__Output as _marketplace_purchases_v1_Purchase__Output } from '../../../marketplace/purchases/v1/Purchase';

export interface ListPurchasesResponse {
  'items'?: (_marketplace_purchases_v1_Purchase)[];
  'page'?: (number);
  'pageSize'?: (number);
  'totalCount'?: (number);
  'totalPages'?: (number);
}

export interface ListPurchasesResponse__Output {
  'items': (_marketplace_purchases_v1_Purchase__Output)[];
  'page': (number);
  'pageSize': (number);
  'totalCount': (number);
  'totalPages': (number);
}
