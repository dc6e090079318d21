// Original file: proto/marketplace/purchases/v1/rollouts.proto

import type { RolloutCounts as _marketplace_purchases_v1_RolloutCounts, RolloutCounts__Output as _marketplace_purchases_v1_RolloutCounts__Output } from '../../../marketplace/purchases/v1/RolloutCounts';
import type { Long } from '@grpc/proto-loader';

export interface Rollout {
  'rolloutId'?: (string);
  'marketplaceItemId'?: (string);
  'version'?: (string);
  /**
   * running, paused, cancelled or completed.
   */
  'status'?: (string);
  'counts'?: (_marketplace_purchases_v1_RolloutCounts | null);
  /**
   * The wave being installed (1-based; 0 when no device was eligible).
   */
  'currentWave'?: (number);
  'waveCount'?: (number);
  'firstWave'?: (number);
  'growth'?: (number | string);
  'failureThresholdPercent'?: (number);
  'maxInFlight'?: (number);
  'createdAt'?: (string);
  'updatedAt'?: (string);
  /**
   * Empty until cancelled or completed.
   */
  'finishedAt'?: (string);
  /**
   * The id of the rollout's last progress event.
   */
  'lastEventId'?: (number | string | Long);
}

export interface Rollout__Output {
  'rolloutId': (string);
  'marketplaceItemId': (string);
  'version': (string);
  /**
   * running, paused, cancelled or completed.
   */
  'status': (string);
  'counts': (_marketplace_purchases_v1_RolloutCounts__Output | null);
  /**
   * The wave being installed (1-based; 0 when no device was eligible).
   */
  'currentWave': (number);
  'waveCount': (number);
  'firstWave': (number);
  'growth': (number);
  'failureThresholdPercent': (number);
  'maxInFlight': (number);
  'createdAt': (string);
  'updatedAt': (string);
  /**
   * Empty until cancelled or completed.
   */
  'finishedAt': (string);
  /**
   * The id of the rollout's last progress event.
   */
  'lastEventId': (string);
}
