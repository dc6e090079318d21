// Original file: proto/marketplace/iotadapter/v1/iot_adapter.proto


export interface GetDeviceRequest {
  /**
   * 16 hex characters; another organisation's device is not-found.
   */
  'deviceId'?: (string);
}

export interface GetDeviceRequest__Output {
  /**
   * 16 hex characters; another organisation's device is not-found.
   */
  'deviceId': (string);
}
