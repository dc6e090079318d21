// Original file: proto/marketplace/catalogue/v1/catalogue.proto


export interface GetInstanceRequest {
  'id'?: (string);
}

export interface GetInstanceRequest__Output {
  'id': (string);
}
