// Original file: proto/marketplace/purchases/v1/purchases.proto


export interface GetDeviceDetailsRequest {
  'deviceId'?: (string);
}

export interface GetDeviceDetailsRequest__Output {
  'deviceId': (string);
}
