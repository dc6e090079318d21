// Original file: proto/marketplace/listings/v1/listings.proto


export interface GetInstanceReferenceRequest {
  'id'?: (string);
}

export interface GetInstanceReferenceRequest__Output {
  'id': (string);
}
