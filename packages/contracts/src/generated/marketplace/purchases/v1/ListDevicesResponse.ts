// Original file: proto/marketplace/purchases/v1/purchases.proto

import type { Device as _marketplace_purchases_v1_Device, Device__Output as _marketplace_purchases_v1_Device__Output } from '../../../marketplace/purchases/v1/Device';

export interface ListDevicesResponse {
  'items'?: (_marketplace_purchases_v1_Device)[];
  'limit'?: (number);
  'offset'?: (number);
  'hasMore'?: (boolean);
}

export interface ListDevicesResponse__Output {
  'items': (_marketplace_purchases_v1_Device__Output)[];
  'limit': (number);
  'offset': (number);
  'hasMore': (boolean);
}
