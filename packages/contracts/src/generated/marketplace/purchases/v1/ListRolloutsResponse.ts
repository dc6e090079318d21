// Original file: proto/marketplace/purchases/v1/rollouts.proto

import type { Rollout as _marketplace_purchases_v1_Rollout, Rollout__Output as _marketplace_purchases_v1_Rollout__Output } from '../../../marketplace/purchases/v1/Rollout';

export interface ListRolloutsResponse {
  'items'?: (_marketplace_purchases_v1_Rollout)[];
  'page'?: (number);
  'pageSize'?: (number);
  'totalCount'?: (number);
  'totalPages'?: (number);
}

export interface ListRolloutsResponse__Output {
  'items': (_marketplace_purchases_v1_Rollout__Output)[];
  'page': (number);
  'pageSize': (number);
  'totalCount': (number);
  'totalPages': (number);
}
