// Original file: proto/marketplace/publishing/v1/publishing_releases.proto

import type { ItemRelease as _marketplace_publishing_v1_ItemRelease, ItemRelease__Output as _marketplace_publishing_v1_ItemRelease__Output } from '../../../marketplace/publishing/v1/ItemRelease';

export interface ListItemReleasesResponse {
  'items'?: (_marketplace_publishing_v1_ItemRelease)[];
  'page'?: (number);
  'pageSize'?: (number);
  'totalCount'?: (number);
  'totalPages'?: (number);
}

export interface ListItemReleasesResponse__Output {
  'items': (_marketplace_publishing_v1_ItemRelease__Output)[];
  'page': (number);
  'pageSize': (number);
  'totalCount': (number);
  'totalPages': (number);
}
