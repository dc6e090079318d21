// Original file: proto/marketplace/purchases/v1/rollouts.proto

import type { Long } from '@grpc/proto-loader';

export interface ListRolloutEventsRequest {
  'rolloutId'?: (string);
  /**
   * Events with a greater id (0: from the first).
   */
  'afterId'?: (number | string | Long);
  /**
   * 1..1000; 0: 500.
   */
  'limit'?: (number);
}

export interface ListRolloutEventsRequest__Output {
  'rolloutId': (string);
  /**
   * Events with a greater id (0: from the first).
   */
  'afterId': (string);
  /**
   * 1..1000; 0: 500.
   */
  'limit': (number);
}
