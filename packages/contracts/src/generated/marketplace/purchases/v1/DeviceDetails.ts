// Original file: proto/marketplace/purchases/v1/purchases.proto

import type { DeviceBoard as _marketplace_purchases_v1_DeviceBoard, DeviceBoard__Output as _marketplace_purchases_v1_DeviceBoard__Output } from '../../../marketplace/purchases/v1/DeviceBoard';
import type { DeviceApplication as _marketplace_purchases_v1_DeviceApplication, DeviceApplication__Output as _marketplace_purchases_v1_DeviceApplication__Output } from '../../../marketplace/purchases/v1/DeviceApplication';
import type { Purchase as _marketplace_purchases_v1_Purchase, Purchase__Output as _marketplace_purchases_v1_Purchase__Output } from '../../../marketplace/purchases/v1/Purchase';
import type { InstallRecord as _marketplace_purchases_v1_InstallRecord, InstallRecord__Output as _marketplace_purchases_v1_InstallRecord__Output } from '../../../marketplace/purchases/v1/InstallRecord';

export interface DeviceDetails {
  'deviceId'?: (string);
  'board'?: (_marketplace_purchases_v1_DeviceBoard | null);
  'metadata'?: ({[key: string]: string});
  'application'?: (_marketplace_purchases_v1_DeviceApplication | null);
  'lastSeenAt'?: (string);
  'lastRoute'?: (string);
  'purchases'?: (_marketplace_purchases_v1_Purchase)[];
  /**
   * Newest first.
   */
  'installs'?: (_marketplace_purchases_v1_InstallRecord)[];
  '_application'?: "application";
}

export interface DeviceDetails__Output {
  'deviceId': (string);
  'board': (_marketplace_purchases_v1_DeviceBoard__Output | null);
  'metadata': ({[key: string]: string});
  'application'?: (_marketplace_purchases_v1_DeviceApplication__Output | null);
  'lastSeenAt': (string);
  'lastRoute': (string);
  'purchases': (_marketplace_purchases_v1_Purchase__Output)[];
  /**
   * Newest first.
   */
  'installs': (_marketplace_purchases_v1_InstallRecord__Output)[];
  '_application'?: "application";
}
