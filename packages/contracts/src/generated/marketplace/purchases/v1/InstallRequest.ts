// Original file: proto/marketplace/purchases/v1/purchases.proto


export interface InstallRequest {
  'deviceId'?: (string);
  'marketplaceItemId'?: (string);
  'version'?: (string);
}

export interface InstallRequest__Output {
  'deviceId': (string);
  'marketplaceItemId': (string);
  'version': (string);
}
