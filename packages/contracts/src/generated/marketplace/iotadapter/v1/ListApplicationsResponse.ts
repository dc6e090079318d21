// Original file: proto/marketplace/iotadapter/v1/iot_adapter.proto

import type { Application as _marketplace_iotadapter_v1_Application, Application__Output as _marketplace_iotadapter_v1_Application__Output } from '../../../marketplace/iotadapter/v1/Application';

export interface ListApplicationsResponse {
  'items'?: (_marketplace_iotadapter_v1_Application)[];
  'hasMore'?: (boolean);
}

export interface ListApplicationsResponse__Output {
  'items': (_marketplace_iotadapter_v1_Application__Output)[];
  'hasMore': (boolean);
}
