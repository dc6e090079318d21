// Original file: proto/marketplace/purchases/v1/purchases.proto


export interface DeviceBoard {
  'id'?: (string);
  'name'?: (string);
}

export interface DeviceBoard__Output {
  'id': (string);
  'name': (string);
}
