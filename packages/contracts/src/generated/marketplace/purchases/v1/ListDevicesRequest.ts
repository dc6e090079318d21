// Original file: proto/marketplace/purchases/v1/purchases.proto


export interface ListDevicesRequest {
  'limit'?: (number);
  'offset'?: (number);
}

export interface ListDevicesRequest__Output {
  'limit': (number);
  'offset': (number);
}
