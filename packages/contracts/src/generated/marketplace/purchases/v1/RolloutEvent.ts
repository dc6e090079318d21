// Original file: proto/marketplace/purchases/v1/rollouts.proto

import type { Long } from '@grpc/proto-loader';

export interface RolloutEvent {
  'id'?: (number | string | Long);
  /**
   * rollout-created, wave-started, device-updated, rollout-paused, rollout-resumed, rollout-cancelled,
   * rollout-completed.
   */
  'type'?: (string);
  /**
   * The event's data as a JSON object.
   */
  'data'?: (string);
  'at'?: (string);
}

export interface RolloutEvent__Output {
  'id': (string);
  /**
   * rollout-created, wave-started, device-updated, rollout-paused, rollout-resumed, rollout-cancelled,
   * rollout-completed.
   */
  'type': (string);
  /**
   * The event's data as a JSON object.
   */
  'data': (string);
  'at': (string);
}
