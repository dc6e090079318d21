// Original file: proto/marketplace/catalogue/v1/catalogue_items.proto

import type { OfferedItem as _marketplace_catalogue_v1_OfferedItem, OfferedItem__Output as _marketplace_catalogue_v1_OfferedItem__Output } from '../../../marketplace/catalogue/v1/OfferedItem';

export interface ListOfferedItemsResponse {
  'items'?: (_marketplace_catalogue_v1_OfferedItem)[];
  'page'?: (number);
  'pageSize'?: (number);
  'totalCount'?: (number);
  'totalPages'?: (number);
}

export interface ListOfferedItemsResponse__Output {
  'items': (_marketplace_catalogue_v1_OfferedItem__Output)[];
  'page': (number);
  'pageSize': (number);
  'totalCount': (number);
  'totalPages': (number);
}
