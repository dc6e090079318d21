// Original file: proto/marketplace/iotadapter/v1/iot_adapter.proto


export interface DeviceBoard {
  'id'?: (string);
  'name'?: (string);
}

export interface DeviceBoard__Output {
  'id': (string);
  'name': (string);
}
