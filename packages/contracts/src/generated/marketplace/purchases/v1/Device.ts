// Original file: proto/marketplace/purchases/v1/purchases.proto

import type { DeviceBoard as _marketplace_purchases_v1_DeviceBoard, DeviceBoard__Output as _marketplace_purchases_v1_DeviceBoard__Output } from '../../../marketplace/purchases/v1/DeviceBoard';
import type { DeviceApplication as _marketplace_purchases_v1_DeviceApplication, DeviceApplication__Output as _marketplace_purchases_v1_DeviceApplication__Output } from '../../../marketplace/purchases/v1/DeviceApplication';

export interface Device {
  'deviceId'?: (string);
  'board'?: (_marketplace_purchases_v1_DeviceBoard | null);
  'metadata'?: ({[key: string]: string});
  /**
   * Empty: never seen.
   */
  'lastSeenAt'?: (string);
  'application'?: (_marketplace_purchases_v1_DeviceApplication | null);
  /**
   * Purchases for the device by the organisation's listings, in the deployment's default mode.
   */
  'purchaseCount'?: (number);
  '_application'?: "application";
}

export interface Device__Output {
  'deviceId': (string);
  'board': (_marketplace_purchases_v1_DeviceBoard__Output | null);
  'metadata': ({[key: string]: string});
  /**
   * Empty: never seen.
   */
  'lastSeenAt': (string);
  'application'?: (_marketplace_purchases_v1_DeviceApplication__Output | null);
  /**
   * Purchases for the device by the organisation's listings, in the deployment's default mode.
   */
  'purchaseCount': (number);
  '_application'?: "application";
}
