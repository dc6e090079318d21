// Original file: proto/marketplace/purchases/v1/purchases.proto

import type { Long } from '@grpc/proto-loader';

export interface Download {
  /**
   * Presigned GET of the release binary.
   */
  'url'?: (string);
  'expiresAt'?: (string);
  'sizeBytes'?: (number | string | Long);
  'sha256'?: (string);
}

export interface Download__Output {
  /**
   * Presigned GET of the release binary.
   */
  'url': (string);
  'expiresAt': (string);
  'sizeBytes': (string);
  'sha256': (string);
}
