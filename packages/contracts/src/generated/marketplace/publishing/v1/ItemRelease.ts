// Original file: proto/marketplace/publishing/v1/publishing_releases.proto

import type { ReleaseBoard as _marketplace_publishing_v1_ReleaseBoard, ReleaseBoard__Output as _marketplace_publishing_v1_ReleaseBoard__Output } from '../../../marketplace/publishing/v1/ReleaseBoard';
import type { Long } from '@grpc/proto-loader';

/**
 * An IoT release selected for an item; `available` once its binary is stored and verified.
 */
export interface ItemRelease {
  'id'?: (string);
  'marketplaceItemId'?: (string);
  'infuseIotReleaseId'?: (string);
  'version'?: (string);
  'board'?: (_marketplace_publishing_v1_ReleaseBoard | null);
  'sizeBytes'?: (number | string | Long);
  /**
   * Hex SHA-256 of the stored binary; absent until available.
   */
  'sha256'?: (string);
  /**
   * preparing | available | failed
   */
  'status'?: (string);
  'createdAt'?: (string);
  /**
   * Why the copy failed; present only when failed.
   */
  'failureReason'?: (string);
  '_sha256'?: "sha256";
  '_failureReason'?: "failureReason";
}

/**
 * An IoT release selected for an item; `available` once its binary is stored and verified.
 */
export interface ItemRelease__Output {
  'id': (string);
  'marketplaceItemId': (string);
  'infuseIotReleaseId': (string);
  'version': (string);
  'board': (_marketplace_publishing_v1_ReleaseBoard__Output | null);
  'sizeBytes': (string);
  /**
   * Hex SHA-256 of the stored binary; absent until available.
   */
  'sha256'?: (string);
  /**
   * preparing | available | failed
   */
  'status': (string);
  'createdAt': (string);
  /**
   * Why the copy failed; present only when failed.
   */
  'failureReason'?: (string);
  '_sha256'?: "sha256";
  '_failureReason'?: "failureReason";
}
