// Original file: proto/marketplace/assets/v1/assets.proto

import type { Long } from '@grpc/proto-loader';

export interface FinaliseAssetRequest {
  'assetId'?: (string);
  'sizeBytes'?: (number | string | Long);
  'width'?: (number);
  'height'?: (number);
}

export interface FinaliseAssetRequest__Output {
  'assetId': (string);
  'sizeBytes': (string);
  'width': (number);
  'height': (number);
}
