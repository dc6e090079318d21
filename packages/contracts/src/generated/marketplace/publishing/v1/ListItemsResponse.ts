// Original file: proto/marketplace/publishing/v1/publishing.proto

import type { Item as _marketplace_publishing_v1_Item, Item__Output as _marketplace_publishing_v1_Item__Output } from '../../../marketplace/publishing/v1/Item';

export interface ListItemsResponse {
  'items'?: (_marketplace_publishing_v1_Item)[];
  'page'?: (number);
  'pageSize'?: (number);
  'totalCount'?: (number);
  'totalPages'?: (number);
}

export interface ListItemsResponse__Output {
  'items': (_marketplace_publishing_v1_Item__Output)[];
  'page': (number);
  'pageSize': (number);
  'totalCount': (number);
  'totalPages': (number);
}
