// Original file: proto/marketplace/iotadapter/v1/iot_adapter.proto


export interface GetDeviceOwnerRequest {
  /**
   * 16 hex characters.
   */
  'deviceId'?: (string);
}

export interface GetDeviceOwnerRequest__Output {
  /**
   * 16 hex characters.
   */
  'deviceId': (string);
}
