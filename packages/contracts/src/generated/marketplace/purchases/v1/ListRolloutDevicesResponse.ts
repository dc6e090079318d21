// Original file: proto/marketplace/purchases/v1/rollouts.proto

import type { RolloutDevice as _marketplace_purchases_v1_RolloutDevice, RolloutDevice__Output as _marketplace_purchases_v1_RolloutDevice__Output } from '../../../marketplace/purchases/v1/RolloutDevice';

export interface ListRolloutDevicesResponse {
  'items'?: (_marketplace_purchases_v1_RolloutDevice)[];
  'page'?: (number);
  'pageSize'?: (number);
  'totalCount'?: (number);
  'totalPages'?: (number);
}

export interface ListRolloutDevicesResponse__Output {
  'items': (_marketplace_purchases_v1_RolloutDevice__Output)[];
  'page': (number);
  'pageSize': (number);
  'totalCount': (number);
  'totalPages': (number);
}
