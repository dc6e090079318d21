// Original file: proto/marketplace/iotadapter/v1/iot_adapter.proto

import type { Device as _marketplace_iotadapter_v1_Device, Device__Output as _marketplace_iotadapter_v1_Device__Output } from '../../../marketplace/iotadapter/v1/Device';

export interface ListDevicesResponse {
  'items'?: (_marketplace_iotadapter_v1_Device)[];
  'hasMore'?: (boolean);
}

export interface ListDevicesResponse__Output {
  'items': (_marketplace_iotadapter_v1_Device__Output)[];
  'hasMore': (boolean);
}
