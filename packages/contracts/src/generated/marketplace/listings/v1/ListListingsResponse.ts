// Original file: proto/marketplace/listings/v1/listings.proto

import type { ListingSummary as _marketplace_listings_v1_ListingSummary, ListingSummary__Output as _marketplace_listings_v1_ListingSummary__Output } from '../../../marketplace/listings/v1/ListingSummary';

export interface ListListingsResponse {
  'items'?: (_marketplace_listings_v1_ListingSummary)[];
  'page'?: (number);
  'pageSize'?: (number);
  'totalCount'?: (number);
  'totalPages'?: (number);
}

export interface ListListingsResponse__Output {
  'items': (_marketplace_listings_v1_ListingSummary__Output)[];
  'page': (number);
  'pageSize': (number);
  'totalCount': (number);
  'totalPages': (number);
}
