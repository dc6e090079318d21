// Original file: proto/marketplace/iotadapter/v1/iot_adapter.proto

import type { Release as _marketplace_iotadapter_v1_Release, Release__Output as _marketplace_iotadapter_v1_Release__Output } from '../../../marketplace/iotadapter/v1/Release';

export interface ListReleasesResponse {
  'items'?: (_marketplace_iotadapter_v1_Release)[];
  'hasMore'?: (boolean);
}

export interface ListReleasesResponse__Output {
  'items': (_marketplace_iotadapter_v1_Release__Output)[];
  'hasMore': (boolean);
}
