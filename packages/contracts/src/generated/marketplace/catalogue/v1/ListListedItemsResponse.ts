// Original file: proto/marketplace/catalogue/v1/catalogue_items.proto

import type { ListedItem as _marketplace_catalogue_v1_ListedItem, ListedItem__Output as _marketplace_catalogue_v1_ListedItem__Output } from '../../../marketplace/catalogue/v1/ListedItem';

export interface ListListedItemsResponse {
  'items'?: (_marketplace_catalogue_v1_ListedItem)[];
  'page'?: (number);
  'pageSize'?: (number);
  'totalCount'?: (number);
  'totalPages'?: (number);
}

export interface ListListedItemsResponse__Output {
  'items': (_marketplace_catalogue_v1_ListedItem__Output)[];
  'page': (number);
  'pageSize': (number);
  'totalCount': (number);
  'totalPages': (number);
}
