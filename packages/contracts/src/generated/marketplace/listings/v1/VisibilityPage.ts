// Original file: proto/marketplace/listings/v1/listings.proto

import type { VisibilityState as _marketplace_listings_v1_VisibilityState, VisibilityState__Output as _marketplace_listings_v1_VisibilityState__Output } from '../../../marketplace/listings/v1/VisibilityState';

export interface VisibilityPage {
  'items'?: (_marketplace_listings_v1_VisibilityState)[];
  'page'?: (number);
  'pageSize'?: (number);
  'totalCount'?: (number);
  'totalPages'?: (number);
}

export interface VisibilityPage__Output {
  'items': (_marketplace_listings_v1_VisibilityState__Output)[];
  'page': (number);
  'pageSize': (number);
  'totalCount': (number);
  'totalPages': (number);
}
