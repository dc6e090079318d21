// Original file: proto/marketplace/iotadapter/v1/iot_adapter.proto

import type { DeviceBoard as _marketplace_iotadapter_v1_DeviceBoard, DeviceBoard__Output as _marketplace_iotadapter_v1_DeviceBoard__Output } from '../../../marketplace/iotadapter/v1/DeviceBoard';
import type { DeviceApplication as _marketplace_iotadapter_v1_DeviceApplication, DeviceApplication__Output as _marketplace_iotadapter_v1_DeviceApplication__Output } from '../../../marketplace/iotadapter/v1/DeviceApplication';

/**
 * A device of the caller's organisation with its state, as the platform reports it.
 */
export interface Device {
  /**
   * 16 lowercase hex characters.
   */
  'deviceId'?: (string);
  'board'?: (_marketplace_iotadapter_v1_DeviceBoard | null);
  'metadata'?: ({[key: string]: string});
  /**
   * Empty when the device never made contact.
   */
  'lastSeenAt'?: (string);
  /**
   * Absent when the device never reported an application.
   */
  'application'?: (_marketplace_iotadapter_v1_DeviceApplication | null);
  /**
   * The interface of the last uplink route (udp, serial, ...); empty when unknown.
   */
  'lastRoute'?: (string);
  '_application'?: "application";
}

/**
 * A device of the caller's organisation with its state, as the platform reports it.
 */
export interface Device__Output {
  /**
   * 16 lowercase hex characters.
   */
  'deviceId': (string);
  'board': (_marketplace_iotadapter_v1_DeviceBoard__Output | null);
  'metadata': ({[key: string]: string});
  /**
   * Empty when the device never made contact.
   */
  'lastSeenAt': (string);
  /**
   * Absent when the device never reported an application.
   */
  'application'?: (_marketplace_iotadapter_v1_DeviceApplication__Output | null);
  /**
   * The interface of the last uplink route (udp, serial, ...); empty when unknown.
   */
  'lastRoute': (string);
  '_application'?: "application";
}
