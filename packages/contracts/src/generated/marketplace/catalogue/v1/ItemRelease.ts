// Original file: proto/marketplace/catalogue/v1/catalogue_items.proto

import type { ReleaseBoard as _marketplace_catalogue_v1_ReleaseBoard, ReleaseBoard__Output as _marketplace_catalogue_v1_ReleaseBoard__Output } from '../../../marketplace/catalogue/v1/ReleaseBoard';
import type { Long } from '@grpc/proto-loader';

/**
 * An available release of an item.
 */
export interface ItemRelease {
  'id'?: (string);
  'marketplaceItemId'?: (string);
  'infuseIotReleaseId'?: (string);
  'version'?: (string);
  'board'?: (_marketplace_catalogue_v1_ReleaseBoard | null);
  'sizeBytes'?: (number | string | Long);
  'sha256'?: (string);
  'status'?: (string);
  'createdAt'?: (string);
  '_sha256'?: "sha256";
}

/**
 * An available release of an item.
 */
export interface ItemRelease__Output {
  'id': (string);
  'marketplaceItemId': (string);
  'infuseIotReleaseId': (string);
  'version': (string);
  'board': (_marketplace_catalogue_v1_ReleaseBoard__Output | null);
  'sizeBytes': (string);
  'sha256'?: (string);
  'status': (string);
  'createdAt': (string);
  '_sha256'?: "sha256";
}
