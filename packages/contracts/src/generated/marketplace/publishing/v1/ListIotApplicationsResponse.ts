// Original file: proto/marketplace/publishing/v1/publishing_releases.proto

import type { IotApplication as _marketplace_publishing_v1_IotApplication, IotApplication__Output as _marketplace_publishing_v1_IotApplication__Output } from '../../../marketplace/publishing/v1/IotApplication';

export interface ListIotApplicationsResponse {
  'items'?: (_marketplace_publishing_v1_IotApplication)[];
  'limit'?: (number);
  'offset'?: (number);
  'hasMore'?: (boolean);
}

export interface ListIotApplicationsResponse__Output {
  'items': (_marketplace_publishing_v1_IotApplication__Output)[];
  'limit': (number);
  'offset': (number);
  'hasMore': (boolean);
}
