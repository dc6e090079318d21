// Original file: proto/marketplace/publishing/v1/publishing_releases.proto

import type { ReleaseBoard as _marketplace_publishing_v1_ReleaseBoard, ReleaseBoard__Output as _marketplace_publishing_v1_ReleaseBoard__Output } from '../../../marketplace/publishing/v1/ReleaseBoard';
import type { Long } from '@grpc/proto-loader';

/**
 * A release of an application on the IoT platform.
 */
export interface IotRelease {
  'releaseId'?: (string);
  'applicationId'?: (number);
  /**
   * major.minor.revision+<build as 8 hex digits>
   */
  'version'?: (string);
  'board'?: (_marketplace_publishing_v1_ReleaseBoard | null);
  'sizeBytes'?: (number | string | Long);
  /**
   * CRC32 of the binary as the platform reports it.
   */
  'crc32'?: (number);
  'createdAt'?: (string);
}

/**
 * A release of an application on the IoT platform.
 */
export interface IotRelease__Output {
  'releaseId': (string);
  'applicationId': (number);
  /**
   * major.minor.revision+<build as 8 hex digits>
   */
  'version': (string);
  'board': (_marketplace_publishing_v1_ReleaseBoard__Output | null);
  'sizeBytes': (string);
  /**
   * CRC32 of the binary as the platform reports it.
   */
  'crc32': (number);
  'createdAt': (string);
}
