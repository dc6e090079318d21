// Original file: proto/marketplace/purchases/v1/purchases.proto


export interface InstallStep {
  'status'?: (string);
  'at'?: (string);
}

export interface InstallStep__Output {
  'status': (string);
  'at': (string);
}
