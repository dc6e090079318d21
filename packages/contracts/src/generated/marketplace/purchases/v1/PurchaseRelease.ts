// Original file: proto/marketplace/purchases/v1/purchases.proto

import type { ReleaseBoard as _marketplace_purchases_v1_ReleaseBoard, ReleaseBoard__Output as _marketplace_purchases_v1_ReleaseBoard__Output } from '../../../marketplace/purchases/v1/ReleaseBoard';

export interface PurchaseRelease {
  'version'?: (string);
  /**
   * The IoT platform's release id.
   */
  'releaseId'?: (string);
  'board'?: (_marketplace_purchases_v1_ReleaseBoard | null);
  /**
   * compatible, incompatible, installed or unknown.
   */
  'compatibility'?: (string);
  /**
   * Empty when compatible or installed.
   */
  'reason'?: (string);
  'createdAt'?: (string);
}

export interface PurchaseRelease__Output {
  'version': (string);
  /**
   * The IoT platform's release id.
   */
  'releaseId': (string);
  'board': (_marketplace_purchases_v1_ReleaseBoard__Output | null);
  /**
   * compatible, incompatible, installed or unknown.
   */
  'compatibility': (string);
  /**
   * Empty when compatible or installed.
   */
  'reason': (string);
  'createdAt': (string);
}
