// Original file: proto/marketplace/purchases/v1/purchases.proto

import type { PurchaseRelease as _marketplace_purchases_v1_PurchaseRelease, PurchaseRelease__Output as _marketplace_purchases_v1_PurchaseRelease__Output } from '../../../marketplace/purchases/v1/PurchaseRelease';

export interface ListPurchaseReleasesResponse {
  'items'?: (_marketplace_purchases_v1_PurchaseRelease)[];
  'page'?: (number);
  'pageSize'?: (number);
  'totalCount'?: (number);
  'totalPages'?: (number);
}

export interface ListPurchaseReleasesResponse__Output {
  'items': (_marketplace_purchases_v1_PurchaseRelease__Output)[];
  'page': (number);
  'pageSize': (number);
  'totalCount': (number);
  'totalPages': (number);
}
