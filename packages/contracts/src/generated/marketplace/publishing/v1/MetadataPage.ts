// Original file: proto/marketplace/publishing/v1/publishing.proto

import type { ItemMetadata as _marketplace_publishing_v1_ItemMetadata, ItemMetadata__Output as _marketplace_publishing_v1_ItemMetadata__Output } from '../../../marketplace/publishing/v1/ItemMetadata';

export interface MetadataPage {
  'items'?: (_marketplace_publishing_v1_ItemMetadata)[];
  'page'?: (number);
  'pageSize'?: (number);
  'totalCount'?: (number);
  'totalPages'?: (number);
}

export interface MetadataPage__Output {
  'items': (_marketplace_publishing_v1_ItemMetadata__Output)[];
  'page': (number);
  'pageSize': (number);
  'totalCount': (number);
  'totalPages': (number);
}
