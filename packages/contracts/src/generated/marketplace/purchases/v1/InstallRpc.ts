// Original file: proto/marketplace/purchases/v1/purchases.proto

import type { InstallStep as _marketplace_purchases_v1_InstallStep, InstallStep__Output as _marketplace_purchases_v1_InstallStep__Output } from '../../../marketplace/purchases/v1/InstallStep';

export interface InstallRpc {
  'rpcId'?: (string);
  'installId'?: (string);
  'deviceId'?: (string);
  'marketplaceItemId'?: (string);
  'version'?: (string);
  'status'?: (string);
  /**
   * The platform's last error on failure; absent otherwise.
   */
  'detail'?: (string);
  'attemptCount'?: (number);
  'updatedAt'?: (string);
  /**
   * Oldest first.
   */
  'history'?: (_marketplace_purchases_v1_InstallStep)[];
  '_detail'?: "detail";
}

export interface InstallRpc__Output {
  'rpcId': (string);
  'installId': (string);
  'deviceId': (string);
  'marketplaceItemId': (string);
  'version': (string);
  'status': (string);
  /**
   * The platform's last error on failure; absent otherwise.
   */
  'detail'?: (string);
  'attemptCount': (number);
  'updatedAt': (string);
  /**
   * Oldest first.
   */
  'history': (_marketplace_purchases_v1_InstallStep__Output)[];
  '_detail'?: "detail";
}
