// Original file: proto/marketplace/assets/v1/assets.proto

import type { Long } from '@grpc/proto-loader';

export interface Asset {
  'id'?: (string);
  'organisationId'?: (string);
  /**
   * icon | image
   */
  'assetType'?: (string);
  /**
   * image/png | image/jpeg
   */
  'mimeType'?: (string);
  'fileName'?: (string);
  'sizeBytes'?: (number | string | Long);
  'width'?: (number);
  'height'?: (number);
  /**
   * pending | ready | rejected
   */
  'status'?: (string);
  /**
   * Short-lived presigned GET (or CDN address); empty unless ready.
   */
  'url'?: (string);
  'createdAt'?: (string);
}

export interface Asset__Output {
  'id': (string);
  'organisationId': (string);
  /**
   * icon | image
   */
  'assetType': (string);
  /**
   * image/png | image/jpeg
   */
  'mimeType': (string);
  'fileName': (string);
  'sizeBytes': (string);
  'width': (number);
  'height': (number);
  /**
   * pending | ready | rejected
   */
  'status': (string);
  /**
   * Short-lived presigned GET (or CDN address); empty unless ready.
   */
  'url': (string);
  'createdAt': (string);
}
