// Original file: proto/marketplace/purchases/v1/purchases.proto


export interface DeviceApplication {
  'applicationId'?: (number);
  'version'?: (string);
}

export interface DeviceApplication__Output {
  'applicationId': (number);
  'version': (string);
}
