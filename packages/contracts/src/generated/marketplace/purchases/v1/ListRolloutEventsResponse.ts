// Original file: proto/marketplace/purchases/v1/rollouts.proto

import type { RolloutEvent as _marketplace_purchases_v1_RolloutEvent, RolloutEvent__Output as _marketplace_purchases_v1_RolloutEvent__Output } from '../../../marketplace/purchases/v1/RolloutEvent';
import type { Long } from '@grpc/proto-loader';

export interface ListRolloutEventsResponse {
  'items'?: (_marketplace_purchases_v1_RolloutEvent)[];
  /**
   * The rollout's status now: a stream ends once it is final and every event was read.
   */
  'status'?: (string);
  'lastEventId'?: (number | string | Long);
  /**
   * True once the rollout is final, no install of it is in flight and these are its last events.
   */
  'ended'?: (boolean);
}

export interface ListRolloutEventsResponse__Output {
  'items': (_marketplace_purchases_v1_RolloutEvent__Output)[];
  /**
   * The rollout's status now: a stream ends once it is final and every event was read.
   */
  'status': (string);
  'lastEventId': (string);
  /**
   * True once the rollout is final, no install of it is in flight and these are its last events.
   */
  'ended': (boolean);
}
