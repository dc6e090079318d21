// Original file: proto/marketplace/iotadapter/v1/iot_adapter.proto


export interface ListDevicesRequest {
  'limit'?: (number);
  'offset'?: (number);
}

export interface ListDevicesRequest__Output {
  'limit': (number);
  'offset': (number);
}
