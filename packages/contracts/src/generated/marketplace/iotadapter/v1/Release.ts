// Original file: proto/marketplace/iotadapter/v1/iot_adapter.proto

import type { Board as _marketplace_iotadapter_v1_Board, Board__Output as _marketplace_iotadapter_v1_Board__Output } from '../../../marketplace/iotadapter/v1/Board';
import type { Long } from '@grpc/proto-loader';

export interface Release {
  /**
   * The platform's opaque, globally unique release id.
   */
  'releaseId'?: (string);
  'applicationId'?: (number);
  'organisationId'?: (string);
  /**
   * major.minor.revision+<build as 8 hex digits>
   */
  'version'?: (string);
  'board'?: (_marketplace_iotadapter_v1_Board | null);
  'sizeBytes'?: (number | string | Long);
  /**
   * CRC32 of the binary, as the platform reports it.
   */
  'crc32'?: (number);
  'createdAt'?: (string);
}

export interface Release__Output {
  /**
   * The platform's opaque, globally unique release id.
   */
  'releaseId': (string);
  'applicationId': (number);
  'organisationId': (string);
  /**
   * major.minor.revision+<build as 8 hex digits>
   */
  'version': (string);
  'board': (_marketplace_iotadapter_v1_Board__Output | null);
  'sizeBytes': (string);
  /**
   * CRC32 of the binary, as the platform reports it.
   */
  'crc32': (number);
  'createdAt': (string);
}
