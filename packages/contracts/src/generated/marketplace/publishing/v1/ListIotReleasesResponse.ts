// Original file: proto/marketplace/publishing/v1/publishing_releases.proto

import type { IotRelease as _marketplace_publishing_v1_IotRelease, IotRelease__Output as _marketplace_publishing_v1_IotRelease__Output } from '../../../marketplace/publishing/v1/IotRelease';

export interface ListIotReleasesResponse {
  'items'?: (_marketplace_publishing_v1_IotRelease)[];
  'limit'?: (number);
  'offset'?: (number);
  'hasMore'?: (boolean);
}

export interface ListIotReleasesResponse__Output {
  'items': (_marketplace_publishing_v1_IotRelease__Output)[];
  'limit': (number);
  'offset': (number);
  'hasMore': (boolean);
}
