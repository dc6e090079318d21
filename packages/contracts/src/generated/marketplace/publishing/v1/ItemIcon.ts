// Original file: proto/marketplace/publishing/v1/publishing.proto

import type { Long } from '@grpc/proto-loader';

/**
 * The item's icon as the assets service describes it (url freshly presigned).
 */
export interface ItemIcon {
  'id'?: (string);
  'assetType'?: (string);
  'mimeType'?: (string);
  'fileName'?: (string);
  'sizeBytes'?: (number | string | Long);
  'width'?: (number);
  'height'?: (number);
  'status'?: (string);
  'url'?: (string);
  'createdAt'?: (string);
}

/**
 * The item's icon as the assets service describes it (url freshly presigned).
 */
export interface ItemIcon__Output {
  'id': (string);
  'assetType': (string);
  'mimeType': (string);
  'fileName': (string);
  'sizeBytes': (string);
  'width': (number);
  'height': (number);
  'status': (string);
  'url': (string);
  'createdAt': (string);
}
